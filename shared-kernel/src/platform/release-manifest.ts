import { z } from 'shared-kernel/zod';

// `shared-kernel/platform/manifest`. The one descriptor schema (ADR 0036): the shell's start checks
// the manifest with the hand-written guards of release-manifest-guard.ts (no zod before the first
// paint, issue 28), held equal to these by a test; the API, the build plugin
// (infra/build/descriptor-plugin.cjs) checks remote.json and the publish gate checks a candidate
// with it, both loading this file through tsx. The messages are the reasons those two print.
export const NavGroup = z.enum(['common', 'lessors', 'renters'], { error: 'must be one of common, lessors, renters' });
export type NavGroup = z.infer<typeof NavGroup>;

export const NavEntry = z
  .object(
    {
      group: NavGroup,
      /** key in the `shell.nav` namespace of the kernel's catalogue (older descriptors); `label` wins */
      labelKey: z.string({ error: 'must be a non-empty key' }).min(1, 'must be a non-empty key').optional(),
      /** the Estonian label, shipped by the slice with its descriptor so a new nav text needs no kernel release */
      label: z
        .string({ error: 'must be a non-empty text' })
        .max(60, 'must be at most 60 characters')
        .refine((l) => l.trim() !== '', 'must be a non-empty text')
        .optional(),
      to: z.string({ error: 'must be an absolute path' }).startsWith('/', 'must be an absolute path'),
      order: z.number({ error: 'must be an integer' }).int('must be an integer').default(100),
    },
    { error: 'must be an object' },
  )
  .refine((n) => n.label !== undefined || n.labelKey !== undefined, { message: 'needs a label (the Estonian text of the menu entry)' });
export type NavEntry = z.infer<typeof NavEntry>;

const EMBED_FILE = /^[\w-][\w.-]*\.js$/;

/** What one remote owns, as declared in its remote.json and emitted with its build. */
export const RemoteDescriptor = z.object(
  {
    name: z.string({ error: 'must be mf-<letters>' }).regex(/^mf-[a-z]+$/, 'must be mf-<letters>'),
    scope: z.string({ error: 'must be a JS identifier (a-z and _)' }).regex(/^[a-z_]+$/, 'must be a JS identifier (a-z and _)'),
    routes: z
      .array(z.string(), { error: 'must be a non-empty list' })
      .min(1, 'must be a non-empty list')
      .refine((routes) => routes.every((r) => r.startsWith('/')), 'must be absolute paths'),
    nav: z.array(NavEntry, { error: 'must be a list' }).default([]),
    widgets: z.record(z.string(), z.string(), { error: 'must map names to modules' }).default({}),
    events: z
      .object({ emits: z.array(z.string()).default([]), listens: z.array(z.string()).default([]) }, { error: 'must be an object' })
      .partial()
      .default({}),
    /**
     * Scripts that run on other websites, outside the shell (issue 17: the owner widget). Name → file
     * beside the remote's entry, e.g. `{ "owner-widget": "owner-widget.js" }`. The platform's loader
     * reads the live manifest and loads `<entry's folder>/<file>`, so a published version reaches
     * every host page on its next load. A file name only: nothing that climbs out of the version folder.
     */
    embeds: z
      .record(
        z.string().regex(/^[a-z][a-z-]*$/, 'must be lower-case letters and dashes'),
        z.string({ error: 'must be a .js file name beside the entry' }).regex(EMBED_FILE, 'must be a .js file name beside the entry'),
        { error: 'must map names to files' },
      )
      .default({}),
    devPort: z.number({ error: 'must be an integer' }).int('must be an integer'),
    /**
     * The routes (of `routes`) the slice renders on the server (issue 28, ADR 0041): its build then
     * has `server/remoteEntry.js`, whose `./server` renders exactly these; the publish gate holds the
     * two equal, and the manifest records the server entry beside the browser one, so a version
     * that should render but has no server entry is told from one that never did.
     */
    serverRoutes: z
      .array(z.string({ error: 'must be absolute paths' }).startsWith('/', 'must be absolute paths'), { error: 'must be a list' })
      .optional(),
  },
  { error: 'the descriptor is not an object' },
);
export type RemoteDescriptor = z.infer<typeof RemoteDescriptor>;

/** `nav[0].label`: where in the descriptor a problem is. */
function where(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : `${out}${out ? '.' : ''}${String(key)}`), '');
}

/**
 * Every way a descriptor breaks the schema, as '<where> <rule>' texts ('nav[0].label must be at
 * most 60 characters'); empty when it is valid. The build plugin and the publish gate print these.
 * `schema` is for tests that show both follow a change of the kernel's rules.
 */
export function descriptorProblems(descriptor: unknown, schema: z.ZodType = RemoteDescriptor): string[] {
  const result = schema.safeParse(descriptor);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    // A bad key of a map (an embed's name) is named as a key, with the key's own rule.
    if (issue.code === 'invalid_key')
      return `${where(issue.path.slice(0, -1))}: "${String(issue.path.at(-1))}" ${issue.issues[0]?.message ?? issue.message}`;
    return `${where(issue.path)} ${issue.message}`.trim();
  });
}

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
  /** URL of the version's server container (`server/remoteEntry.js`), when it declares `serverRoutes`. */
  serverEntry: z.url().optional(),
  shared: z.record(z.string(), z.string()).default({}),
  /**
   * Previous good versions, newest first (the registry keeps a few). When `entry` fails to load or
   * mount, the shell tries these in order before it shows the fallback.
   */
  fallbacks: z.array(RemoteFallbackVersion).max(5).default([]),
  /**
   * Set by the page host when this session is in the share that gets a canary version (issue 27,
   * ADR 0040): the shell then reports a successful mount too, so the canary's health has a
   * denominator and it can be promoted.
   */
  canary: z.boolean().optional(),
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

export { REMOTE_REPORTS_PATH } from './remote-reports-path';
