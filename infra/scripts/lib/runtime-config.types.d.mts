export interface OverrideConfig {
  enabled: true;
  origins: string[];
}
export interface RuntimeConfig {
  mapTileUrl: string;
  mapTileAttribution?: string;
  overrides?: OverrideConfig;
}
