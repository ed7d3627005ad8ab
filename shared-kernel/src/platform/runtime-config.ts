/**
 * Settings the page host (the shell's server) hands every slice at run time, in the page itself:
 * `<script type="application/json" id="rendime-config">{...}</script>`. One build then runs
 * against any environment, and a slice reads them without importing the shell.
 */
export interface RuntimeConfig {
  /**
   * XYZ tile template of the map's base layer. Absent: the platform default
   * (`DEFAULT_MAP_TILE_URL`). Empty string or null: no tiles, the offline outline only.
   */
  mapTileUrl?: string | null;
  /** Credit line the tile provider requires (plain text). */
  mapTileAttribution?: string;
  /**
   * How long the shell waits for a slice (its entry, code and mount) before it gives up on that
   * version and tries the previous good one or shows the fallback. Absent: `DEFAULT_REMOTE_TIMEOUT_MS`.
   */
  remoteTimeoutMs?: number;
}

export const RUNTIME_CONFIG_ELEMENT_ID = 'rendime-config';

/** OpenStreetMap's standard tiles; their credit line is mf-public's `searchTexts.mapAttributionOsm`. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The shell's wait for a slice when the page host sets none (RENDIME_REMOTE_TIMEOUT_MS). */
export const DEFAULT_REMOTE_TIMEOUT_MS = 8_000;

/** The page's runtime config; a missing or malformed tag reads as no settings. */
export function readRuntimeConfig(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): RuntimeConfig {
  const text = doc?.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const { mapTileUrl, mapTileAttribution, remoteTimeoutMs } = raw as Record<string, unknown>;
  const config: RuntimeConfig = {};
  if (mapTileUrl === null || typeof mapTileUrl === 'string') config.mapTileUrl = mapTileUrl;
  if (typeof mapTileAttribution === 'string') config.mapTileAttribution = mapTileAttribution;
  if (typeof remoteTimeoutMs === 'number' && Number.isInteger(remoteTimeoutMs) && remoteTimeoutMs > 0)
    config.remoteTimeoutMs = remoteTimeoutMs;
  return config;
}
