import { at, isInt, isObject, isPlainObject, lengthBreaks, urlValue, type GuardResult } from '../guards/checks';
import type { NavEntry, ReleaseManifestEnvelope, ReleaseRemote, RemoteLoadReport } from './release-manifest';

// The release manifest's rules without zod, for the shell's start (ADR 0030, issue 28): importing
// the schemas would put the page's zod on every first paint. The schemas in release-manifest.ts
// stay the one definition (the API, the build plugin and the publish gate use them); the test
// beside this file feeds both the same table of entries and holds the decisions, the parsed
// entries and the problem paths equal.

export { REMOTE_REPORTS_PATH } from './remote-reports-path';

/** The pattern of a slice's name (`mf-<letters>`), as the descriptor schema has it. */
export const REMOTE_NAME = /^mf-[a-z]+$/;
const SCOPE = /^[a-z_]+$/;
const EMBED_NAME = /^[a-z][a-z-]*$/;
const EMBED_FILE = /^[\w-][\w.-]*\.js$/;
const NAV_GROUPS: readonly string[] = ['common', 'lessors', 'renters'];

/**
 * Problems found so far. `hard` ones are zod's aborting issues (a wrong type or enum value): a
 * refinement of the object around them is then skipped, as zod skips it.
 */
class Problems {
  readonly paths: string[] = [];
  private hard = 0;
  add(path: string, hard: boolean): void {
    this.paths.push(path);
    if (hard) this.hard += 1;
  }
  /** Hard problems added since `mark` (a `hardCount()` taken before). */
  hardSince(mark: number): boolean {
    return this.hard > mark;
  }
  hardCount(): number {
    return this.hard;
  }
}

interface StringRules {
  min?: number;
  max?: number;
  regex?: RegExp;
  startsWith?: string;
  /** a refinement on the string (runs when the type was right) */
  refine?: (s: string) => boolean;
}

function str(value: unknown, path: string, p: Problems, rules: StringRules = {}): string | undefined {
  if (typeof value !== 'string') {
    p.add(path, true);
    for (let i = lengthBreaks(value, rules.min, rules.max); i > 0; i -= 1) p.add(path, false);
    return undefined;
  }
  for (let i = lengthBreaks(value, rules.min, rules.max); i > 0; i -= 1) p.add(path, false);
  if (rules.regex && !rules.regex.test(value)) p.add(path, false);
  if (rules.startsWith !== undefined && !value.startsWith(rules.startsWith)) p.add(path, false);
  if (rules.refine && !rules.refine(value)) p.add(path, false);
  return value;
}

function int(value: unknown, path: string, p: Problems, min?: number, max?: number): number | undefined {
  if (!isInt(value)) {
    // a finite number beyond the safe range is an integer zod reads and finds too big
    if (typeof value === 'number' && Number.isInteger(value)) p.add(path, false);
    else {
      p.add(path, true);
      return undefined;
    }
  }
  const n = value;
  if (min !== undefined && !(n >= min)) p.add(path, false);
  if (max !== undefined && !(n <= max)) p.add(path, false);
  return n;
}

function url(value: unknown, path: string, p: Problems): string | undefined {
  if (typeof value !== 'string') {
    p.add(path, true);
    return undefined;
  }
  const ok = urlValue(value);
  if (ok === undefined) p.add(path, false);
  return ok ?? value;
}

function stringList(value: unknown, path: string, p: Problems, each: StringRules = {}): string[] | undefined {
  if (!Array.isArray(value)) {
    p.add(path, true);
    return undefined;
  }
  return value.map((v, i) => str(v, at(path, i), p, each) ?? '');
}

function stringRecord(
  value: unknown,
  path: string,
  p: Problems,
  key: StringRules = {},
  each: StringRules = {},
): Record<string, string> | undefined {
  if (!isPlainObject(value)) {
    p.add(path, true);
    return undefined;
  }
  const out: Record<string, string> = {};
  for (const k of Object.keys(value)) {
    if (key.regex && !key.regex.test(k)) {
      p.add(at(path, k), true);
      continue;
    }
    const v = str(value[k], at(path, k), p, each);
    if (v !== undefined && k !== '__proto__') out[k] = v;
  }
  return out;
}

function navEntry(value: unknown, path: string, p: Problems): NavEntry | undefined {
  if (!isObject(value)) {
    p.add(path, true);
    return undefined;
  }
  const mark = p.hardCount();
  const out: Record<string, unknown> = {};
  out.group = value.group;
  if (typeof value.group !== 'string' || !NAV_GROUPS.includes(value.group)) p.add(at(path, 'group'), true);
  if (value.labelKey !== undefined) out.labelKey = str(value.labelKey, at(path, 'labelKey'), p, { min: 1 });
  if (value.label !== undefined) out.label = str(value.label, at(path, 'label'), p, { max: 60, refine: (l) => l.trim() !== '' });
  out.to = str(value.to, at(path, 'to'), p, { startsWith: '/' });
  out.order = value.order === undefined ? 100 : int(value.order, at(path, 'order'), p);
  keepGivenUndefined(value, out, ['labelKey', 'label']);
  if (!p.hardSince(mark) && out.label === undefined && out.labelKey === undefined) p.add(path, false);
  return out as unknown as NavEntry;
}

/**
 * zod keeps an optional key given as `undefined` in its output (as `undefined`) and leaves an
 * absent one out; the guard's output has the same keys, so the two stay equal key for key.
 */
function keepGivenUndefined(raw: Record<string, unknown>, out: Record<string, unknown>, keys: readonly string[]): void {
  for (const key of keys) if (raw[key] === undefined && Object.hasOwn(raw, key)) out[key] = undefined;
}

function events(value: unknown, path: string, p: Problems): ReleaseRemote['events'] | undefined {
  if (value === undefined) return {};
  if (!isObject(value)) {
    p.add(path, true);
    return undefined;
  }
  return {
    emits: value.emits === undefined ? [] : stringList(value.emits, at(path, 'emits'), p),
    listens: value.listens === undefined ? [] : stringList(value.listens, at(path, 'listens'), p),
  };
}

function fallbacks(value: unknown, path: string, p: Problems): ReleaseRemote['fallbacks'] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    p.add(path, true);
    for (let i = lengthBreaks(value, undefined, 5); i > 0; i -= 1) p.add(path, false);
    return undefined;
  }
  const out = value.map((f, i) => {
    const where = at(path, i);
    if (!isObject(f)) {
      p.add(where, true);
      return undefined;
    }
    return { version: str(f.version, at(where, 'version'), p, { min: 1 }) ?? '', entry: url(f.entry, at(where, 'entry'), p) ?? '' };
  });
  if (value.length > 5) p.add(path, false);
  return out as ReleaseRemote['fallbacks'];
}

/**
 * One release manifest entry, as `ReleaseRemote.safeParse` decides it: the entry with the
 * contract's defaults and without unknown keys, or the paths of every problem (`nav.0.group`;
 * '' for an entry that is not an object).
 */
export function checkReleaseRemote(raw: unknown): GuardResult<ReleaseRemote> {
  const p = new Problems();
  if (!isObject(raw)) return { success: false, error: { paths: [''] } };
  const out: Record<string, unknown> = {
    name: str(raw.name, 'name', p, { regex: REMOTE_NAME }),
    scope: str(raw.scope, 'scope', p, { regex: SCOPE }),
  };
  const routes = Array.isArray(raw.routes) ? raw.routes : undefined;
  if (routes) {
    const mark = p.hardCount();
    out.routes = stringList(routes, 'routes', p);
    if (routes.length < 1) p.add('routes', false);
    if (!p.hardSince(mark) && !routes.every((r: string) => r.startsWith('/'))) p.add('routes', false);
  } else {
    p.add('routes', true);
    for (let i = lengthBreaks(raw.routes, 1, undefined); i > 0; i -= 1) p.add('routes', false);
  }
  if (raw.nav === undefined) out.nav = [];
  else if (!Array.isArray(raw.nav)) p.add('nav', true);
  else out.nav = raw.nav.map((n, i) => navEntry(n, at('nav', i), p));
  out.widgets = raw.widgets === undefined ? {} : stringRecord(raw.widgets, 'widgets', p);
  out.events = events(raw.events, 'events', p);
  out.embeds = raw.embeds === undefined ? {} : stringRecord(raw.embeds, 'embeds', p, { regex: EMBED_NAME }, { regex: EMBED_FILE });
  out.devPort = int(raw.devPort, 'devPort', p);
  if (raw.serverRoutes !== undefined) out.serverRoutes = stringList(raw.serverRoutes, 'serverRoutes', p, { startsWith: '/' });
  out.version = str(raw.version, 'version', p, { min: 1 });
  out.entry = url(raw.entry, 'entry', p);
  if (raw.serverEntry !== undefined) out.serverEntry = url(raw.serverEntry, 'serverEntry', p);
  out.shared = raw.shared === undefined ? {} : stringRecord(raw.shared, 'shared', p);
  out.fallbacks = fallbacks(raw.fallbacks, 'fallbacks', p);
  if (raw.canary !== undefined) {
    if (typeof raw.canary !== 'boolean') p.add('canary', true);
    out.canary = raw.canary;
  }
  keepGivenUndefined(raw, out, ['serverRoutes', 'serverEntry', 'canary']);
  if (p.paths.length > 0) return { success: false, error: { paths: p.paths } };
  return { success: true, data: out as unknown as ReleaseRemote };
}

/** The manifest's outer shape (`ReleaseManifestEnvelope`): the entries are checked one by one after. */
export function checkReleaseManifestEnvelope(raw: unknown): GuardResult<ReleaseManifestEnvelope> {
  const p = new Problems();
  if (!isObject(raw)) return { success: false, error: { paths: [''] } };
  const release = str(raw.release, 'release', p);
  const createdAt = str(raw.createdAt, 'createdAt', p);
  if (!Array.isArray(raw.remotes)) p.add('remotes', true);
  if (p.paths.length > 0) return { success: false, error: { paths: p.paths } };
  return { success: true, data: { release: release ?? '', createdAt: createdAt ?? '', remotes: [...(raw.remotes as unknown[])] } };
}

const OUTCOMES: readonly string[] = ['ok', 'load', 'mount', 'timeout'];

/** What the shell sends about a slow or failed slice, as `RemoteLoadReport.safeParse` decides it. */
export function checkRemoteLoadReport(raw: unknown): GuardResult<RemoteLoadReport> {
  const p = new Problems();
  if (!isObject(raw)) return { success: false, error: { paths: [''] } };
  const out: Record<string, unknown> = {
    remote: str(raw.remote, 'remote', p, { regex: REMOTE_NAME }),
    version: str(raw.version, 'version', p, { min: 1, max: 80 }),
    outcome: raw.outcome,
  };
  if (typeof raw.outcome !== 'string' || !OUTCOMES.includes(raw.outcome)) p.add('outcome', true);
  out.servedVersion = raw.servedVersion === null ? null : str(raw.servedVersion, 'servedVersion', p, { min: 1, max: 80 });
  out.durationMs = int(raw.durationMs, 'durationMs', p, 0, 600_000);
  out.message = raw.message === undefined ? '' : str(raw.message, 'message', p, { max: 300 });
  out.path = str(raw.path, 'path', p, { startsWith: '/', max: 300 });
  out.release = str(raw.release, 'release', p, { max: 40 });
  if (p.paths.length > 0) return { success: false, error: { paths: p.paths } };
  return { success: true, data: out as unknown as RemoteLoadReport };
}
