import type { ReleaseManifest, ReleaseRemote } from 'shared-kernel/platform';
import {
  OVERRIDE_STORAGE_KEY,
  applyOverrides,
  captureOverrideFromUrl,
  isAllowedEntry,
  readOverrideConfig,
  readStoredOverrides,
  type OverrideConfig,
} from './overrides';

const on: OverrideConfig = { enabled: true, origins: ['https://review.rendime.ee'] };
const off: OverrideConfig = { enabled: false, origins: [] };
const LOCAL = 'http://localhost:5005/mf-manifest.json';

function remote(name: string, scope: string): ReleaseRemote {
  return {
    name,
    scope,
    version: '1.0.0',
    entry: `http://localhost:3005/1.0.0/mf-manifest.json`,
    routes: ['/auth/messages'],
    nav: [],
    widgets: {},
    embeds: {},
    events: {},
    devPort: 5005,
    shared: {},
    fallbacks: [{ version: '0.9.0', entry: 'http://localhost:3005/0.9.0/mf-manifest.json' }],
  };
}
const manifest: ReleaseManifest = {
  release: '3',
  createdAt: '2026-11-24T00:00:00.000Z',
  remotes: [remote('mf-messaging', 'mf_messaging'), remote('mf-public', 'mf_public')],
};

function pageWithConfig(config: unknown): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const tag = doc.createElement('script');
  tag.type = 'application/json';
  tag.id = 'rendime-config';
  tag.textContent = JSON.stringify(config);
  doc.head.appendChild(tag);
  return doc;
}

function fakeWindow(href: string) {
  const history = { state: { keep: 1 }, replaceState: jest.fn() };
  return {
    location: { href } as Location,
    history: history as unknown as History,
    localStorage: window.localStorage,
    replaceState: history.replaceState,
  };
}

beforeEach(() => window.localStorage.clear());

describe('override config', () => {
  it('is off unless the runtime config turns it on', () => {
    expect(readOverrideConfig(pageWithConfig({ mapTileUrl: '' }))).toEqual(off);
    expect(readOverrideConfig(pageWithConfig({ overrides: { enabled: 'yes' } }))).toEqual(off);
    expect(readOverrideConfig(pageWithConfig({ overrides: { enabled: true, origins: ['https://a.ee', 3] } }))).toEqual({
      enabled: true,
      origins: ['https://a.ee'],
    });
  });

  it('allows loopback and listed origins over http(s) only, and nothing when off', () => {
    expect(isAllowedEntry(LOCAL, on)).toBe(true);
    expect(isAllowedEntry('http://127.0.0.1:5005/mf-manifest.json', on)).toBe(true);
    expect(isAllowedEntry('https://review.rendime.ee/x/mf-manifest.json', on)).toBe(true);
    expect(isAllowedEntry('https://evil.example/mf-manifest.json', on)).toBe(false);
    expect(isAllowedEntry('https://localhost.evil.example/mf-manifest.json', on)).toBe(false);
    expect(isAllowedEntry('http://user:pw@localhost:5005/mf-manifest.json', on)).toBe(false);
    expect(isAllowedEntry('javascript:alert(1)', on)).toBe(false);
    expect(isAllowedEntry('not a url', on)).toBe(false);
    expect(isAllowedEntry(LOCAL, off)).toBe(false);
  });
});

describe('stored overrides', () => {
  it('keeps only allowed entries of known-looking remotes, and none when off', () => {
    window.localStorage.setItem(
      OVERRIDE_STORAGE_KEY,
      JSON.stringify({ 'mf-messaging': LOCAL, 'mf-public': 'https://evil.example/m.json', shell: LOCAL, 'mf-owner': 5 }),
    );
    expect(readStoredOverrides(window.localStorage, on)).toEqual({ 'mf-messaging': LOCAL });
    expect(readStoredOverrides(window.localStorage, off)).toEqual({});
    window.localStorage.setItem(OVERRIDE_STORAGE_KEY, '{not json');
    expect(readStoredOverrides(window.localStorage, on)).toEqual({});
  });
});

describe('the override link', () => {
  it('stores an allowed override and strips the parameter from the address bar', () => {
    const win = fakeWindow(`http://localhost:3000/auth/messages?x=1&rendime-override=${encodeURIComponent(`mf-messaging=${LOCAL}`)}#top`);
    expect(captureOverrideFromUrl(win, on)).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(OVERRIDE_STORAGE_KEY)!)).toEqual({ 'mf-messaging': LOCAL });
    expect(win.replaceState).toHaveBeenCalledWith({ keep: 1 }, '', '/auth/messages?x=1#top');
  });

  it('refuses an origin that is not allowed (with a warning) and stores nothing', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const win = fakeWindow(
      `http://localhost:3000/?rendime-override=${encodeURIComponent('mf-messaging=https://evil.example/mf-manifest.json')}`,
    );
    captureOverrideFromUrl(win, on);
    expect(window.localStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('clears one remote with an empty value, or all with clear', () => {
    window.localStorage.setItem(
      OVERRIDE_STORAGE_KEY,
      JSON.stringify({ 'mf-messaging': LOCAL, 'mf-public': 'http://localhost:5001/mf-manifest.json' }),
    );
    captureOverrideFromUrl(fakeWindow('http://localhost:3000/?rendime-override=mf-messaging%3D'), on);
    expect(JSON.parse(window.localStorage.getItem(OVERRIDE_STORAGE_KEY)!)).toEqual({
      'mf-public': 'http://localhost:5001/mf-manifest.json',
    });
    captureOverrideFromUrl(fakeWindow('http://localhost:3000/?rendime-override=clear'), on);
    expect(window.localStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
  });

  it('is stripped but ignored when overrides are off', () => {
    const win = fakeWindow(`http://localhost:3000/public?rendime-override=${encodeURIComponent(`mf-messaging=${LOCAL}`)}`);
    expect(captureOverrideFromUrl(win, off)).toBe(true);
    expect(window.localStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
    expect(win.replaceState).toHaveBeenCalledWith({ keep: 1 }, '', '/public');
  });

  it('leaves an address without the parameter alone', () => {
    const win = fakeWindow('http://localhost:3000/public?search=haagis');
    expect(captureOverrideFromUrl(win, on)).toBe(false);
    expect(win.replaceState).not.toHaveBeenCalled();
  });
});

describe('applying overrides to the manifest', () => {
  it('points only the overridden remote at its entry, as version local without fallbacks', () => {
    const next = applyOverrides(manifest, { 'mf-messaging': LOCAL, 'mf-unknown': LOCAL });
    expect(next.remotes).toHaveLength(2);
    expect(next.remotes[0]).toMatchObject({ name: 'mf-messaging', entry: LOCAL, version: 'local', fallbacks: [], scope: 'mf_messaging' });
    expect(next.remotes[1]).toBe(manifest.remotes[1]);
    // the fetched manifest itself is not changed
    expect(manifest.remotes[0].entry).toBe('http://localhost:3005/1.0.0/mf-manifest.json');
    expect(applyOverrides(manifest, {})).toBe(manifest);
  });
});
