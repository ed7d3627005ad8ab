import { z } from 'zod';

export const NavGroup = z.enum(['common', 'lessors', 'renters']);
export type NavGroup = z.infer<typeof NavGroup>;

export const NavEntry = z.object({
  group: NavGroup,
  /** key in the `shell.nav` namespace of the message catalogue */
  labelKey: z.string().min(1),
  to: z.string().startsWith('/'),
  order: z.number().int().default(100),
});
export type NavEntry = z.infer<typeof NavEntry>;

/** What one remote owns, as declared in its remote.json and emitted with its build. */
export const RemoteDescriptor = z.object({
  name: z.string().regex(/^mf-[a-z]+$/),
  scope: z.string().regex(/^[a-z_]+$/),
  routes: z.array(z.string().startsWith('/')).min(1),
  nav: z.array(NavEntry).default([]),
  widgets: z.record(z.string(), z.string()).default({}),
  events: z.object({ emits: z.array(z.string()).default([]), listens: z.array(z.string()).default([]) }).partial().default({}),
  devPort: z.number().int(),
});
export type RemoteDescriptor = z.infer<typeof RemoteDescriptor>;

export const ReleaseRemote = RemoteDescriptor.extend({
  version: z.string().min(1),
  /** URL of the remote's mf-manifest.json */
  entry: z.string().url(),
  shared: z.record(z.string(), z.string()).default({}),
});
export type ReleaseRemote = z.infer<typeof ReleaseRemote>;

/** The set of remotes live now. The shell reads it at start-up; nothing about a remote is compiled in. */
export const ReleaseManifest = z.object({
  release: z.string(),
  createdAt: z.string(),
  remotes: z.array(ReleaseRemote),
});
export type ReleaseManifest = z.infer<typeof ReleaseManifest>;
