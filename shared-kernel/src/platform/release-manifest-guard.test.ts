import type { z } from 'shared-kernel/zod';
import { ReleaseManifestEnvelope, ReleaseRemote, RemoteLoadReport } from './release-manifest';
import { checkReleaseManifestEnvelope, checkReleaseRemote, checkRemoteLoadReport } from './release-manifest-guard';
import type { GuardResult } from '../guards/checks';
import { sameAsSchema, WRONG_TYPES } from '../guards/guard-table';

// The guards must decide as the schemas do: every rule of the schema is broken below (missing,
// wrong type, null, out of range, bad pattern or URL, extra keys), at and beyond its bounds, so a
// rule changed in the schema alone makes a row differ here.

// The guards here are functions; guard-table's check takes a `safeParse`.
const same = (schema: z.ZodType, guard: (v: unknown) => GuardResult<unknown>, input: unknown) =>
  sameAsSchema(schema, { safeParse: guard }, input);

/** Each field of `base` missing, of each wrong type, and of each value given for it. */
function variants(base: Record<string, unknown>, values: Record<string, unknown[]>): unknown[] {
  const out: unknown[] = [base, { ...base, extra: 1 }, undefined, null, 'x', [], [base]];
  for (const key of new Set([...Object.keys(base), ...Object.keys(values)])) {
    const { [key]: _, ...without } = base;
    out.push(without);
    for (const v of [...WRONG_TYPES, undefined, ...(values[key] ?? [])]) out.push({ ...base, [key]: v });
  }
  return out;
}

const long = (n: number, c = 'a') => c.repeat(n);

const nav = { group: 'common', label: 'Leht', to: '/public/x' };
const navValues: Record<string, unknown[]> = {
  group: ['lessors', 'renters', 'partners', 'Common'],
  labelKey: ['shell.nav.x', 'k'],
  label: [long(60), long(61), long(61, ' '), '   ', ' a ', 'a'],
  to: ['/', 'x', 'https://x.ee/a', ' /a'],
  order: [0, -3, 100, 2 ** 53, 2 ** 60, -(2 ** 60), 1e300, 0.5, '1'],
};
const navEntries = [
  ...variants(nav, navValues),
  { group: 'common', to: '/x' },
  { group: 'common', to: '/x', labelKey: 'a' },
  { group: 'common', to: '/x', labelKey: '' },
  { group: 'common', to: '/x', label: long(61) },
  { group: 'partners', to: '/x' },
  { group: 'common', to: 'x', order: 2 ** 60 },
];

const entry = {
  name: 'mf-public',
  scope: 'mf_public',
  version: '1.0.0',
  entry: 'http://localhost:3001/1.0.0/mf-manifest.json',
  routes: ['/public'],
  nav: [nav],
  widgets: { card: './card' },
  events: { emits: ['notice'] },
  embeds: { 'owner-widget': 'owner-widget.js' },
  devPort: 3001,
  shared: { react: '19.0.0' },
  fallbacks: [{ version: '0.9.0', entry: 'http://localhost:3001/0.9.0/mf-manifest.json' }],
};
const fallback = entry.fallbacks[0];
const entryValues: Record<string, unknown[]> = {
  name: ['mf-', 'mf-Public', 'mf-public2', 'public', ' mf-public'],
  scope: ['mf-public', 'A', 'a_b', '_'],
  version: ['1', long(200)],
  entry: [' http://x.ee/m.json ', 'http://x\n.ee/a\t.json', 'mailto:a@b.ee', 'x.ee/m.json', '//x.ee', 'http://', 'http://a b', 'file:///a'],
  serverEntry: ['http://x.ee/server/remoteEntry.js', 'nope'],
  routes: [[], ['/a', '/b'], ['/a', 'b'], ['a', 1], [1], ''],
  nav: [[], [nav, nav], navEntries.slice(0, 3), [null], [{ ...nav, extra: true }]],
  widgets: [{ a: 'b', c: 1 }, { a: null }, new Date(0), Object.create(null) as unknown, { 'any key': 'x' }],
  events: [{}, { emits: [] }, { listens: ['a'], x: 1 }, { emits: 'a' }, { emits: [1], listens: [null] }, { emits: null }],
  embeds: [
    { A: 'a.js' },
    { 'a-b': 'x.js', b: 'x.mjs' },
    { a: '../a.js' },
    { a: '.a.js' },
    { a: 'a.b.js' },
    { '1a': 'a.js', a: 1 },
    { a: '' },
  ],
  devPort: [3001, 0, -1, 70000, 2 ** 60, 3001.5, '3001'],
  serverRoutes: [[], ['/a'], ['a'], [1, '/a'], '/a'],
  shared: [{ a: 1 }, { a: 'b' }],
  fallbacks: [
    [],
    [fallback, fallback, fallback, fallback, fallback],
    [fallback, fallback, fallback, fallback, fallback, fallback],
    [{ ...fallback, version: '' }],
    [{ ...fallback, entry: 'nope' }],
    [{ ...fallback, extra: 1 }],
    [{}],
    [null],
    'abcdef',
    'abc',
  ],
  canary: [true, false, 'true', 0],
};
const entries = [...variants(entry, entryValues), ...navEntries.map((n) => ({ ...entry, nav: [n] }))];

describe('the release manifest guards decide as the schemas', () => {
  it.each(entries.map((e, i) => [i, e]))('entry %i', (_, input) => same(ReleaseRemote, checkReleaseRemote, input));

  it('over the manifest envelope', () => {
    const envelope = { release: '7', createdAt: '2026-11-28T00:00:00.000Z', remotes: [entry, null] };
    for (const input of variants(envelope, { remotes: [[], {}, 'x'] })) same(ReleaseManifestEnvelope, checkReleaseManifestEnvelope, input);
  });

  it('over the remote load report', () => {
    const report = {
      remote: 'mf-public',
      version: '1.0.0',
      outcome: 'load',
      servedVersion: '0.9.0',
      durationMs: 1200,
      message: 'Loading chunk 12 failed',
      path: '/public',
      release: '7',
    };
    const values: Record<string, unknown[]> = {
      remote: ['mf-', 'public', 'mf-public-x'],
      version: [long(80), long(81)],
      outcome: ['ok', 'mount', 'timeout', 'error'],
      servedVersion: [long(80), long(81)],
      durationMs: [0, -1, 600_000, 600_001, 2 ** 60, 1.5],
      message: [long(300), long(301)],
      path: ['/', 'public', long(300, '/'), long(301, '/'), long(301)],
      release: [long(40), long(41)],
    };
    for (const input of variants(report, values)) same(RemoteLoadReport, checkRemoteLoadReport, input);
  });
});
