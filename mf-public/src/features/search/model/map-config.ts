import { LIMITS } from 'shared-kernel/domain';

/** The seed's map centre with no location (lat, lon). */
export const MAP_DEFAULT_CENTER: [number, number] = [58.887, 25.57];
/** Own-location fallback (Tartu). */
export const MAP_OWN_LOCATION_FALLBACK: [number, number] = [58.4, 26.72];
export const MAP_DEFAULT_ZOOM = LIMITS.mapDefaultZoom;
export const MAP_CLUSTER_DISTANCE = LIMITS.mapClusterGridSize;
/** Below this width the map is not shown at all (and OpenLayers is not downloaded). */
export const MAP_MIN_SCREEN_PX = 480;
export const ESTONIA_BOUNDS = { minLat: 57.4, minLon: 21.6, maxLat: 59.9, maxLon: 28.4 };

interface RuntimeConfig {
  mapTileUrl?: string | null;
}

/**
 * The XYZ tile template, e.g. 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' in production or
 * the Land Board's. Set by the page host as `window.__RENDIME_CONFIG__.mapTileUrl`, or per browser
 * in localStorage 'rendime.mapTileUrl' (for trying a source). None means the offline outline.
 */
export function mapTileUrl(): string | null {
  if (typeof window === 'undefined') return null;
  const fromHost = (window as unknown as { __RENDIME_CONFIG__?: RuntimeConfig }).__RENDIME_CONFIG__?.mapTileUrl;
  if (fromHost) return fromHost;
  try {
    return window.localStorage.getItem('rendime.mapTileUrl') || null;
  } catch {
    return null;
  }
}
