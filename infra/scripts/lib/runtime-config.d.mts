export interface OverrideConfig {
  enabled: true;
  origins: string[];
}
export interface RuntimeConfig {
  mapTileUrl: string;
  mapTileAttribution?: string;
  overrides?: OverrideConfig;
}
export function overrideConfig(env?: Record<string, string | undefined>): OverrideConfig | undefined;
export const LOOPBACK_SOURCES: string[];
export function overrideSources(config: { overrides?: OverrideConfig } | undefined): { load: string[]; connect: string[] };
export const DEFAULT_MAP_TILE_URL: string;
export function runtimeConfig(env?: Record<string, string | undefined>): RuntimeConfig;
export function imageOrigins(config: { mapTileUrl?: string | null }): string[];
export const DEFAULT_PAYMENT_PROVIDER_ORIGINS: string[];
export function paymentProviderOrigins(env?: Record<string, string | undefined>): string[];
export function withRuntimeConfig(html: string, config: object | undefined): string;
