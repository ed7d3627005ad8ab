import { sql, type SQL } from 'drizzle-orm';

// The search circle's geometry on the spec's sphere, and the planner's statistics it is judged by
// (split from search-repository.ts, issue 26).

/** The spec's Earth radius. earthdistance's own `earth()` is 6378.168 km, so distances are rescaled. */
export const SEARCH_EARTH_RADIUS_KM = 6371;

/** Chord length (earth() units) to kilometres along a great circle of the spec's 6371 km sphere. */
export const greatCircleKm = (chord: SQL) => sql`(2 * asin(least(1, (${chord}) / (2 * earth()))) * ${SEARCH_EARTH_RADIUS_KM})`;

/** The search circle: the exact condition, and the boxes that can pick its candidates from an index. */
export interface Circle {
  /** Exact: the chord through the Earth is at most the one of the circle's radius. */
  exact: SQL;
  /** The same test in a form no index on `geo` can take (for wide circles, where walking the index costs more than it saves). */
  exactUnindexed: SQL;
  /** Its latitude/longitude reach, for the statistics. */
  bounds: ReturnType<typeof circleBounds>;
  /** The earth box around the circle (the GiST index on `geo`, alone or with the folded name). */
  earthBox: SQL;
  /** The latitude/longitude box around the circle (the category index holds lat and lon). */
  latLonBox: SQL;
}

/** Degrees of latitude and longitude the circle can reach from its centre (longitude null when it holds a pole or crosses ±180°). */
export function circleBounds(
  lat: number,
  lon: number,
  km: number,
): { minLat: number; maxLat: number; minLon: number | null; maxLon: number | null } {
  const angle = km / SEARCH_EARTH_RADIUS_KM;
  const deg = 180 / Math.PI;
  // A hair wider than the exact reach, so rounding never leaves out a product on the rim.
  const margin = 1e-7;
  const minLat = lat - angle * deg - margin;
  const maxLat = lat + angle * deg + margin;
  const cosLat = Math.cos(lat / deg);
  if (minLat <= -90 || maxLat >= 90 || Math.sin(angle) >= cosLat)
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), minLon: null, maxLon: null };
  // The farthest meridian a circle of angular radius a around latitude φ touches: asin(sin a / cos φ).
  const reach = Math.asin(Math.sin(angle) / cosLat) * deg + margin;
  if (lon - reach < -180 || lon + reach > 180) return { minLat, maxLat, minLon: null, maxLon: null };
  return { minLat, maxLat, minLon: lon - reach, maxLon: lon + reach };
}

/**
 * The smallest earth box holding every point of a latitude/longitude rectangle: each coordinate
 * (x = cos φ·cos λ, y = cos φ·sin λ, z = sin φ on the unit sphere) over its range, scaled by earth().
 */
export function rectangleEarthBounds(
  minLat: number,
  maxLat: number,
  minLon: number,
  maxLon: number,
): { min: [number, number, number]; max: [number, number, number] } {
  const rad = Math.PI / 180;
  const range = (a: number, b: number, f: (x: number) => number, peaks: [number, number][]) => {
    let lo = Math.min(f(a), f(b));
    let hi = Math.max(f(a), f(b));
    for (const [at, value] of peaks) if (a <= at && at <= b) [lo, hi] = [Math.min(lo, value), Math.max(hi, value)];
    return [lo, hi];
  };
  const product = ([a, b]: number[], [c, d]: number[]) => [Math.min(a * c, a * d, b * c, b * d), Math.max(a * c, a * d, b * c, b * d)];
  const cosLat = range(minLat, maxLat, (d) => Math.cos(d * rad), [[0, 1]]);
  const x = product(
    cosLat,
    range(minLon, maxLon, (d) => Math.cos(d * rad), [[0, 1]]),
  );
  const y = product(
    cosLat,
    range(minLon, maxLon, (d) => Math.sin(d * rad), [
      [90, 1],
      [-90, -1],
    ]),
  );
  const z = range(minLat, maxLat, (d) => Math.sin(d * rad), []);
  // A hair wider (about 6 mm), so rounding never leaves out a point on the edge.
  const margin = 1e-9;
  return { min: [x[0] - margin, y[0] - margin, z[0] - margin], max: [x[1] + margin, y[1] + margin, z[1] + margin] };
}

export const rectangleEarthBox = (minLat: number, maxLat: number, minLon: number, maxLon: number) => {
  const { min, max } = rectangleEarthBounds(minLat, maxLat, minLon, maxLon);
  const corner = (c: number[]) =>
    sql.join(
      c.map((v) => sql`${v}::float8 * earth()`),
      sql`, `,
    );
  return sql`cube(array[${corner(min)}], array[${corner(max)}])`;
};

export function circle(lat: number, lon: number, km: number): Circle {
  const origin = sql`ll_to_earth(${lat}::float8, ${lon}::float8)`;
  const angle = km / SEARCH_EARTH_RADIUS_KM;
  const b = circleBounds(lat, lon, km);
  const latLon = [sql`p.lat between ${b.minLat}::float8 and ${b.maxLat}::float8`];
  if (b.minLon !== null && b.maxLon !== null) latLon.push(sql`p.lon between ${b.minLon}::float8 and ${b.maxLon}::float8`);
  const chordMax = sql`2 * earth() * sin(${angle / 2}::float8)`;
  return {
    exact: sql`(p.geo <-> ${origin}) <= ${chordMax}`,
    // coalesce is not strict, so the planner cannot infer "geo is not null" and pick the partial GiST index.
    exactUnindexed: sql`coalesce(p.geo <-> ${origin}, 'infinity'::float8) <= ${chordMax}`,
    bounds: b,
    earthBox: sql`earth_box(${origin}, ${angle}::float8 * earth()) @> p.geo`,
    latLonBox: sql.join(latLon, sql` and `),
  };
}

/**
 * A circle whose latitude/longitude box holds more products than this (by the column statistics)
 * is wide: a GiST scan of the box would visit them all, while a scan by the other conditions (or of
 * the table) stops at the count cap after a fraction of them.
 */
export const WIDE_CIRCLE_PRODUCTS = 15000;

/** PostgreSQL's statistics of one column (pg_stats): null fraction, most common values, histogram. */
export interface ColumnStats {
  nullFrac: number;
  mcv: number[];
  mcf: number[];
  hist: number[];
}

/** The fraction of rows with the column between lo and hi, as the planner would estimate it from its statistics. */
export function fractionBetween(s: ColumnStats, lo: number, hi: number): number {
  let common = 0;
  let commonIn = 0;
  s.mcv.forEach((v, i) => {
    common += s.mcf[i] ?? 0;
    if (v >= lo && v <= hi) commonIn += s.mcf[i] ?? 0;
  });
  let histIn = 0;
  for (let i = 0; i + 1 < s.hist.length; i++) {
    const [a, b] = [s.hist[i], s.hist[i + 1]];
    histIn += b > a ? Math.max(0, Math.min(hi, b) - Math.max(lo, a)) / (b - a) : a >= lo && a <= hi ? 1 : 0;
  }
  const histFrac = s.hist.length > 1 ? histIn / (s.hist.length - 1) : 0;
  return commonIn + Math.max(0, 1 - s.nullFrac - common) * histFrac;
}

/** A `pg_stats` array as text (`{1.5,2}`) as numbers; null (no statistics yet) as none. */
export const numberArray = (text: string | null) =>
  text === null
    ? []
    : text
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean)
        .map(Number);
