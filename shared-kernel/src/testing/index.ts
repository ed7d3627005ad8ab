export { renderWithPlatform, renderHookWithPlatform, createTestQueryClient, makeUser } from './render-with-platform';
export type { RenderWithPlatformOptions, PlatformTestOptions } from './render-with-platform';
