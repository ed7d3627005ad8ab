import type { Place, ReverseGeocodeResult } from 'shared-kernel/schemas';
import settlements from './estonian-settlements.json';

/**
 * Offline stand-in for the Land Board's address service (In-ADS): Estonian towns, boroughs and
 * villages shipped with the code, so autocomplete and geocoding work without the internet.
 */
interface Entry extends Place {
  folded: string;
  words: string[];
}

/** Lower-case and fold the Estonian letters, so 'parnu' finds Pärnu and 'Johvi' finds Jõhvi. */
export function foldEstonian(text: string): string {
  return text
    .toLocaleLowerCase('et')
    .replace(/[õö]/g, 'o')
    .replace(/ä/g, 'a')
    .replace(/ü/g, 'u')
    .replace(/š/g, 's')
    .replace(/ž/g, 'z')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const entries: Entry[] = (settlements as Omit<Place, 'label'>[]).map((p) => {
  const folded = foldEstonian(p.name);
  return { ...p, label: `${p.name}, ${p.county}`, folded, words: folded.split(/[\s-]+/) };
});
const byId = new Map(entries.map((e) => [e.id, e]));

const KIND_RANK: Record<string, number> = { linn: 0, alev: 1, alevik: 2, küla: 3 };

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

function score(entry: Entry, q: string): number | undefined {
  if (entry.folded === q) return 0;
  if (entry.folded.startsWith(q)) return 1;
  if (entry.words.some((w) => w.startsWith(q))) return 2;
  // Typo tolerance: compare with the name's prefixes around the typed length (one slip per 4
  // letters), so a dropped or doubled letter counts once.
  const allowed = Math.floor(q.length / 4);
  if (allowed === 0) return undefined;
  const candidates = [entry.folded, ...entry.words].flatMap((w) => [-1, 0, 1].map((d) => levenshtein(w.slice(0, q.length + d), q)));
  const best = Math.min(...candidates);
  return best <= allowed ? 3 + best : undefined;
}

function strip({ folded: _f, words: _w, ...place }: Entry): Place {
  return place;
}

export function autocompletePlaces(query: string, limit: number): Place[] {
  const q = foldEstonian(query);
  if (!q) return [];
  return entries
    .map((e) => ({ e, s: score(e, q) }))
    .filter((x): x is { e: Entry; s: number } => x.s !== undefined)
    .sort((a, b) => a.s - b.s || (KIND_RANK[a.e.kind] ?? 9) - (KIND_RANK[b.e.kind] ?? 9) || a.e.name.localeCompare(b.e.name, 'et'))
    .slice(0, limit)
    .map((x) => strip(x.e));
}

export function placeById(id: string): Place | undefined {
  const e = byId.get(id);
  return e ? strip(e) : undefined;
}

const EARTH_RADIUS_KM = 6371;

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function nearestPlace(lat: number, lon: number): ReverseGeocodeResult {
  let best = entries[0];
  let bestKm = Infinity;
  for (const e of entries) {
    const km = haversineKm(lat, lon, e.lat, e.lon);
    if (km < bestKm) {
      best = e;
      bestKm = km;
    }
  }
  return { ...strip(best), distanceInKm: Math.round(bestKm * 10) / 10 };
}
