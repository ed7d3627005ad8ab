export { renderWithPlatform, makeUser } from './render-with-platform';
export type { RenderWithPlatformOptions } from './render-with-platform';
