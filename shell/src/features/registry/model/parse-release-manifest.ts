import {
  checkReleaseManifestEnvelope,
  checkReleaseRemote,
  REMOTE_NAME,
  type ReleaseManifest,
  type ReleaseRemote,
} from 'shared-kernel/platform';

/** A manifest entry the shell refused, with what could still be read of it. */
export interface DroppedRemote {
  index: number;
  /** the entry's name when it is a well-formed slice name, else null */
  name: string | null;
  version: string | null;
  /** the entry's routes when they are readable: the shell keeps them so those pages say "unavailable" */
  routes: string[];
  /** where the entry broke the contract, e.g. `nav.0.group` */
  problems: string[];
}

export interface ParsedReleaseManifest {
  manifest: ReleaseManifest;
  dropped: DroppedRemote[];
}

// The kernel's zod-free guards, not its schemas: this runs before the first paint (issue 28).
function readable(raw: unknown) {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const name = typeof record.name === 'string' && REMOTE_NAME.test(record.name) ? record.name : null;
  const version = typeof record.version === 'string' && record.version.length > 0 && record.version.length <= 80 ? record.version : null;
  const routes =
    Array.isArray(record.routes) && record.routes.length > 0 && record.routes.every((r) => typeof r === 'string' && r.startsWith('/'))
      ? (record.routes as string[])
      : [];
  return { name, version, routes };
}

/**
 * Parses the release manifest entry by entry: one entry that breaks the contract (an unknown nav
 * group, a bad URL, a duplicate slice or scope) drops that slice only, and the rest of the site
 * works. Only a manifest whose outer shape is wrong throws.
 */
export function parseReleaseManifest(raw: unknown): ParsedReleaseManifest {
  const checked = checkReleaseManifestEnvelope(raw);
  if (!checked.success) throw new TypeError(`not a release manifest (${checked.error.paths.join(', ') || 'not an object'})`);
  const envelope = checked.data;
  const remotes: ReleaseRemote[] = [];
  const dropped: DroppedRemote[] = [];
  envelope.remotes.forEach((entry, index) => {
    const parsed = checkReleaseRemote(entry);
    if (!parsed.success) {
      dropped.push({ index, ...readable(entry), problems: parsed.error.paths.map((path) => path || '(entry)') });
      return;
    }
    // Two entries for one slice or one Module Federation scope cannot both load: the first wins.
    const clash = remotes.find((r) => r.name === parsed.data.name || r.scope === parsed.data.scope);
    if (clash) {
      // A duplicate keeps no routes: the slice that owns them is live.
      dropped.push({
        index,
        name: parsed.data.name,
        version: parsed.data.version,
        routes: [],
        problems: [clash.name === parsed.data.name ? 'name' : 'scope'],
      });
      return;
    }
    remotes.push(parsed.data);
  });
  // A dropped entry's routes stay only where no live slice owns them (or the live one of that name).
  const live = new Set(remotes.map((r) => r.name));
  for (const d of dropped) {
    d.routes = d.name && live.has(d.name) ? [] : d.routes.filter((route) => !remotes.some((r) => r.routes.includes(route)));
  }
  return { manifest: { release: envelope.release, createdAt: envelope.createdAt, remotes }, dropped };
}
