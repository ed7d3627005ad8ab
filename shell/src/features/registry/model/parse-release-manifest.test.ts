import { parseReleaseManifest } from './parse-release-manifest';

const entry = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  scope: name.replace('-', '_'),
  version: '1.0.0',
  entry: `http://localhost:3001/1.0.0/mf-manifest.json`,
  routes: [`/public/${name}`],
  nav: [{ group: 'common', label: 'Leht', to: `/public/${name}` }],
  widgets: {},
  events: {},
  devPort: 3001,
  shared: {},
  ...over,
});

describe('parseReleaseManifest', () => {
  it('drops only the entry that breaks the contract and keeps its readable name, version and routes', () => {
    const { manifest, dropped } = parseReleaseManifest({
      release: '7',
      createdAt: '2026-11-24T00:00:00.000Z',
      remotes: [
        entry('mf-public'),
        entry('mf-booking', { nav: [{ group: 'partners', label: 'X', to: '/public/mf-booking' }] }),
        entry('mf-owner'),
      ],
    });
    expect(manifest.release).toBe('7');
    expect(manifest.remotes.map((r) => r.name)).toEqual(['mf-public', 'mf-owner']);
    // defaults of the contract are applied to the kept entries
    expect(manifest.remotes[0].fallbacks).toEqual([]);
    expect(dropped).toEqual([
      { index: 1, name: 'mf-booking', version: '1.0.0', routes: ['/public/mf-booking'], problems: ['nav.0.group'] },
    ]);
  });

  it('drops an entry that is not an object or has no usable name, without its routes', () => {
    const { manifest, dropped } = parseReleaseManifest({
      release: '1',
      createdAt: 'x',
      remotes: [null, entry('Booking'), entry('mf-public')],
    });
    expect(manifest.remotes.map((r) => r.name)).toEqual(['mf-public']);
    expect(dropped.map((d) => [d.index, d.name, d.routes])).toEqual([
      [0, null, []],
      [1, null, ['/public/Booking']],
    ]);
  });

  it('keeps the first of two entries for one slice or scope, and a refused entry never claims a live route', () => {
    const { manifest, dropped } = parseReleaseManifest({
      release: '1',
      createdAt: 'x',
      remotes: [
        entry('mf-public'),
        entry('mf-public', { version: '2.0.0' }),
        entry('mf-owner', { scope: 'mf_public' }),
        entry('mf-account', { devPort: 'x', routes: ['/public/mf-public', '/auth/x'] }),
      ],
    });
    expect(manifest.remotes.map((r) => `${r.name}@${r.version}`)).toEqual(['mf-public@1.0.0']);
    expect(dropped.map((d) => [d.name, d.problems, d.routes])).toEqual([
      ['mf-public', ['name'], []],
      ['mf-owner', ['scope'], []],
      ['mf-account', ['devPort'], ['/auth/x']],
    ]);
  });

  it('throws only when the outer shape is wrong', () => {
    expect(() => parseReleaseManifest({ release: '1', createdAt: 'x', remotes: {} })).toThrow();
    expect(() => parseReleaseManifest('<html>')).toThrow();
    expect(parseReleaseManifest({ release: '1', createdAt: 'x', remotes: [] }).manifest.remotes).toEqual([]);
  });
});
