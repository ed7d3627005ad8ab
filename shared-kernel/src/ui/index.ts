export { system, BRAND_COLOR, BREAKPOINTS, LAYOUT } from './system';
export { PlatformProvider } from './platform-provider';
export type { PlatformProviderProps } from './platform-provider';
export { notify } from './notify';
export type { NoticeOptions } from './notify';
export { NoticeHost } from './notice-host';
export type { NoticeHostProps } from './notice-host';
export { ErrorFallback } from './error-fallback';
export type { ErrorFallbackProps } from './error-fallback';
