export { NavGroup, NavEntry, RemoteDescriptor, ReleaseRemote, ReleaseManifest } from './release-manifest';
export { matchRoute, matchesAny, loginUrlFor, safeGoto, PUBLIC_HOME, AUTH_HOME } from './routes';
export { navigate } from './navigate';
export { createSliceLifecycles, SliceErrorBoundary } from './slice-lifecycles';
export type { SliceOptions } from './slice-lifecycles';
export { mountStandalone, MOCK_SESSION_USER } from './standalone';
export { SlicePage } from './slice-page';
