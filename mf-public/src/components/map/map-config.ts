import { LIMITS } from 'shared-kernel/domain';
import { DEFAULT_MAP_TILE_URL, readRuntimeConfig } from 'shared-kernel/platform';
import { searchTexts } from '../../messages/search';

/** The seed's map centre with no location (lat, lon). */
export const MAP_DEFAULT_CENTER: [number, number] = [58.887, 25.57];
/** Own-location fallback (Tartu). */
export const MAP_OWN_LOCATION_FALLBACK: [number, number] = [58.4, 26.72];
export const MAP_DEFAULT_ZOOM = LIMITS.mapDefaultZoom;
export const MAP_CLUSTER_DISTANCE = LIMITS.mapClusterGridSize;
/** Below this width the map is not shown at all (and OpenLayers is not downloaded). */
export const MAP_MIN_SCREEN_PX = 480;
export const ESTONIA_BOUNDS = { minLat: 57.4, minLon: 21.6, maxLat: 59.9, maxLon: 28.4 };

export interface MapTiles {
  url: string;
  /** Credit line shown on the map (plain text). */
  attribution: string;
}

const TRY_KEY = 'rendime.mapTileUrl';

/**
 * The map's base layer. In order: a source tried in this browser (localStorage
 * 'rendime.mapTileUrl', for a developer trying one), the shell server's runtime config, else
 * OpenStreetMap. The server turns tiles off with an empty `mapTileUrl`; then, and whenever tiles
 * fail to load, the offline outline of Estonia is the base.
 */
export function mapTiles(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): MapTiles | null {
  let tried: string | null = null;
  try {
    tried = doc?.defaultView?.localStorage.getItem(TRY_KEY) ?? null;
  } catch {
    tried = null;
  }
  if (tried) return { url: tried, attribution: '' };
  const config = readRuntimeConfig(doc);
  if (config.mapTileUrl === undefined) return { url: DEFAULT_MAP_TILE_URL, attribution: searchTexts.mapAttributionOsm };
  if (!config.mapTileUrl) return null;
  const attribution = config.mapTileAttribution ?? (config.mapTileUrl === DEFAULT_MAP_TILE_URL ? searchTexts.mapAttributionOsm : '');
  return { url: config.mapTileUrl, attribution };
}

/** The XYZ tile template, or null for the offline outline only. */
export function mapTileUrl(): string | null {
  return mapTiles()?.url ?? null;
}

const CARD_GAP_PX = 14;

/**
 * Where a marker's card opens: above a marker in the map's lower half, below one in its upper
 * half, so the card's top (image and close button) is never cut off by the map's edge.
 */
export function cardPlacement(
  markerY: number,
  mapHeight: number,
): { positioning: 'bottom-center' | 'top-center'; offset: [number, number] } {
  return markerY < mapHeight / 2
    ? { positioning: 'top-center', offset: [0, CARD_GAP_PX] }
    : { positioning: 'bottom-center', offset: [0, -CARD_GAP_PX] };
}
