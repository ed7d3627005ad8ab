// The manifest's zod schemas are 'shared-kernel/platform/manifest' (the API, the build plugin and
// the publish gate use them); here only their types and the zod-free guards the shell starts with,
// so importing the platform puts no zod on the first paint (issue 28).
export type {
  NavGroup,
  NavEntry,
  RemoteDescriptor,
  RemoteFallbackVersion,
  ReleaseRemote,
  ReleaseManifest,
  ReleaseManifestEnvelope,
  RemoteLoadReport,
} from './release-manifest';
export {
  REMOTE_REPORTS_PATH,
  REMOTE_NAME,
  checkReleaseRemote,
  checkReleaseManifestEnvelope,
  checkRemoteLoadReport,
} from './release-manifest-guard';
export type { Guard, GuardResult } from '../guards/checks';
export { matchRoute, matchesAny, loginUrlFor, safeGoto, accountPayUrl, ACCOUNT_CONTRACTS_PARAM, PUBLIC_HOME, AUTH_HOME } from './routes';
export { navigate } from './navigate';
export { createSliceLifecycles, SliceErrorBoundary } from './slice-lifecycles';
export type { SliceOptions } from './slice-lifecycles';
// mountStandalone (with its mock user) is 'shared-kernel/platform/standalone': only a slice's
// standalone dev entry imports it, so no production bundle carries the mock session.
export { SlicePage } from './slice-page';
export { PageTitle, usePageTitle, followUnreadInTitle } from './page-title';
export { readRuntimeConfig, DEFAULT_MAP_TILE_URL, DEFAULT_REMOTE_TIMEOUT_MS, RUNTIME_CONFIG_ELEMENT_ID } from './runtime-config';
export type { RuntimeConfig } from './runtime-config';
export { RemoteWidget } from './remote-widget';
export type { RemoteWidgetProps } from './remote-widget';
export { setPlatformHost, getPlatformHost } from './widget-host';
export { defineWidget, widgets } from './widget-contracts';
export type {
  WidgetContract,
  WidgetComponent,
  WidgetId,
  WidgetPropsOf,
  KnownWidget,
  BookingPanelWidgetProps,
  MessageDialogWidgetProps,
  IdentityCheckWidgetProps,
  IdentityCheckResult,
} from './widget-contracts';
export { createPlatformQueryClient, setPlatformQueryClient, getPlatformQueryClient } from './query-client';
export type { PlatformHost } from './widget-host';
export { defineSlice, pathTo, descriptorOf } from './slice-declaration';
export type { DefinedSlice, SliceDeclaration, SliceNavDeclaration, PathArgs, PathBuilders, RoutePattern } from './slice-declaration';
export type { DeclaredPath, DeclaredPaths } from './declared-paths';
