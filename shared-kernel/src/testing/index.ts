export { renderWithPlatform, renderHookWithPlatform, createTestQueryClient, makeUser } from './render-with-platform';
export type { RenderWithPlatformOptions, PlatformTestOptions } from './render-with-platform';
export { mockApi, deferred } from './mock-api';
export type { MockedApi, MockApiRoute, MockApiRoutes, MockApiHandler, MockApiRequest } from './mock-api';
export { makeSearchResult } from './search-result';
export { routedPaths, declaredPaths } from './route-table';
