import { z } from 'shared-kernel/zod';

export const NavGroup = z.enum(['common', 'lessors', 'renters']);
export type NavGroup = z.infer<typeof NavGroup>;

export const NavEntry = z.object({
  group: NavGroup,
  /** key in the `shell.nav` namespace of the kernel's catalogue (older descriptors); `label` wins */
  labelKey: z.string().min(1).optional(),
  /** the Estonian label, shipped by the slice with its descriptor so a new nav text needs no kernel release */
  label: z.string().min(1).max(60).optional(),
  to: z.string().startsWith('/'),
  order: z.number().int().default(100),
}).refine((n) => n.label !== undefined || n.labelKey !== undefined, { message: 'a nav entry needs a label' });
export type NavEntry = z.infer<typeof NavEntry>;

/** What one remote owns, as declared in its remote.json and emitted with its build. */
export const RemoteDescriptor = z.object({
  name: z.string().regex(/^mf-[a-z]+$/),
  scope: z.string().regex(/^[a-z_]+$/),
  routes: z.array(z.string().startsWith('/')).min(1),
  nav: z.array(NavEntry).default([]),
  widgets: z.record(z.string(), z.string()).default({}),
  events: z.object({ emits: z.array(z.string()).default([]), listens: z.array(z.string()).default([]) }).partial().default({}),
  /**
   * Scripts that run on other websites, outside the shell (issue 17: the owner widget). Name → file
   * beside the remote's entry, e.g. `{ "owner-widget": "owner-widget.js" }`. The platform's loader
   * reads the live manifest and loads `<entry's folder>/<file>`, so a published version reaches
   * every host page on its next load.
   */
  embeds: z.record(z.string().regex(/^[a-z][a-z-]*$/), z.string().regex(/^[\w.-]+\.js$/)).default({}),
  devPort: z.number().int(),
});
export type RemoteDescriptor = z.infer<typeof RemoteDescriptor>;

/** An earlier version of a remote that loaded and mounted: the shell's last-known-good choice. */
export const RemoteFallbackVersion = z.object({
  version: z.string().min(1),
  /** URL of that version's mf-manifest.json */
  entry: z.url(),
});
export type RemoteFallbackVersion = z.infer<typeof RemoteFallbackVersion>;

export const ReleaseRemote = RemoteDescriptor.extend({
  version: z.string().min(1),
  /** URL of the remote's mf-manifest.json */
  entry: z.url(),
  shared: z.record(z.string(), z.string()).default({}),
  /**
   * Previous good versions, newest first (the registry keeps a few). When `entry` fails to load or
   * mount, the shell tries these in order before it shows the fallback.
   */
  fallbacks: z.array(RemoteFallbackVersion).max(5).default([]),
});
export type ReleaseRemote = z.infer<typeof ReleaseRemote>;

/** The set of remotes live now. The shell reads it at start-up; nothing about a remote is compiled in. */
export const ReleaseManifest = z.object({
  release: z.string(),
  createdAt: z.string(),
  remotes: z.array(ReleaseRemote),
});
export type ReleaseManifest = z.infer<typeof ReleaseManifest>;

/**
 * The manifest's outer shape only. The shell parses this first and then each remote entry on its
 * own (ReleaseRemote.safeParse), so one bad entry drops that slice and never the whole site.
 */
export const ReleaseManifestEnvelope = z.object({
  release: z.string(),
  createdAt: z.string(),
  remotes: z.array(z.unknown()),
});
export type ReleaseManifestEnvelope = z.infer<typeof ReleaseManifestEnvelope>;

/** What the shell tells the API when a remote is slow, fails to load or fails to mount. */
export const RemoteLoadReport = z.object({
  remote: z.string().regex(/^mf-[a-z]+$/),
  version: z.string().min(1).max(80),
  /** load: fetching the entry or a chunk failed; mount: bootstrap/mount threw; timeout: no answer in time; ok: loaded (timing only) */
  outcome: z.enum(['ok', 'load', 'mount', 'timeout']),
  /** the version that was shown in the end (a fallback's), or null when the fallback page was shown */
  servedVersion: z.string().min(1).max(80).nullable(),
  durationMs: z.number().int().min(0).max(600_000),
  /** the error's message, cut to a line; never a stack */
  message: z.string().max(300).default(''),
  path: z.string().startsWith('/').max(300),
  release: z.string().max(40),
});
export type RemoteLoadReport = z.infer<typeof RemoteLoadReport>;

/** POST path of the report (the shell's `/api` prefix in front); GET of the same path is the admin list. */
export const REMOTE_REPORTS_PATH = '/platform/remote-reports';
