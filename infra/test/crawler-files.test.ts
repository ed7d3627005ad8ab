import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startShellServerProcess, type ShellServerProcess } from './support/shell-server-process';

// Issue 28: /robots.txt keeps crawlers out of the signed-in area and names the sitemap; /sitemap.xml
// lists the live release's public pages as the slices name them (ADR 0041), at the site's origin.

type Crawler = typeof import('../scripts/lib/crawler-files.mjs');
let crawler: Crawler;
beforeAll(async () => {
  crawler = await import('../scripts/lib/crawler-files.mjs');
});

/** The <loc>s and <lastmod>s of a sitemap file, read back the way a crawler parses XML text. */
function locs(xml: string): { loc: string; lastmod?: string }[] {
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((m) => ({
    loc: unescape(m[1]!),
    ...(m[2] ? { lastmod: m[2] } : {}),
  }));
}

describe('the sitemap files', () => {
  it('writes sitemaps.org XML with every URL escaped, absolute at the origin, and nothing from another origin', () => {
    const { index, parts } = crawler.sitemapFiles(
      [
        { path: '/public' },
        { path: '/public/search-products?cat=1&sub=17' },
        { path: '/public/detail-view/5', lastmod: '2026-01-02T03:04:05Z' },
        { path: '/public/detail-view/5', lastmod: '2026-01-02T03:04:05Z' },
        { path: '//evil.example/x' },
        { path: 'https://evil.example/x' },
        { path: '/public/a\'<b>"' },
        { path: '/public/x', lastmod: 'not a date' },
        null,
      ],
      'https://rendime.ee',
    );
    expect(parts).toEqual([]);
    expect(index.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(
      true,
    );
    expect(index).toContain('<loc>https://rendime.ee/public/search-products?cat=1&amp;sub=17</loc>');
    expect(index).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(index).not.toContain('evil');
    expect(locs(index)).toEqual([
      { loc: 'https://rendime.ee/public' },
      { loc: 'https://rendime.ee/public/search-products?cat=1&sub=17' },
      { loc: 'https://rendime.ee/public/detail-view/5', lastmod: '2026-01-02T03:04:05.000Z' },
      { loc: "https://rendime.ee/public/a'%3Cb%3E%22" },
      { loc: 'https://rendime.ee/public/x' },
    ]);
  });

  it('splits more than 50 000 URLs into numbered files of at most 50 000 under a sitemap index', () => {
    const entries = Array.from({ length: crawler.SITEMAP_MAX_URLS + 2 }, (_, i) => ({ path: `/public/detail-view/${i + 1}` }));
    const { index, parts } = crawler.sitemapFiles(entries, 'https://rendime.ee');
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...index.matchAll(/<sitemap><loc>([^<]*)<\/loc><\/sitemap>/g)].map((m) => m[1])).toEqual([
      'https://rendime.ee/sitemap-1.xml',
      'https://rendime.ee/sitemap-2.xml',
    ]);
    expect(locs(parts[0]!)).toHaveLength(crawler.SITEMAP_MAX_URLS);
    expect(locs(parts[1]!).map((u) => u.loc)).toEqual([
      `https://rendime.ee/public/detail-view/${crawler.SITEMAP_MAX_URLS + 1}`,
      `https://rendime.ee/public/detail-view/${crawler.SITEMAP_MAX_URLS + 2}`,
    ]);
    expect(() => crawler.urlsetXml(entries.map((e) => ({ loc: e.path })))).toThrow(/at most 50000/);
  });

  it('names the site by its configured origin, else by a Host that names this machine only', () => {
    const req = (host: string, protocol = 'http') => ({ protocol, headers: { host } });
    expect(crawler.siteOrigin('https://rendime.ee/', req('evil.example'), '127.0.0.1:1')).toBe('https://rendime.ee');
    expect(crawler.siteOrigin(undefined, req('localhost:4300'), '127.0.0.1:1')).toBe('http://localhost:4300');
    expect(crawler.siteOrigin(undefined, req('LOCALHOST', 'https'), '127.0.0.1:1')).toBe('https://localhost');
    expect(crawler.siteOrigin(undefined, req('127.0.0.1:3000'), '127.0.0.1:1')).toBe('http://127.0.0.1:3000');
    expect(crawler.siteOrigin(undefined, req('[::1]:3000'), '127.0.0.1:1')).toBe('http://[::1]:3000');
    // Without a configured origin, a Host that does not name this machine is never written into a page,
    // however plain it looks: a cache in front that keys by path would hand its URLs to everyone.
    for (const forged of [
      'evil.example',
      'Rendime.EE',
      'localhost.evil.example',
      '127.0.0.1.evil.example',
      '127.0.0.256',
      'evil.example/x',
      'a"><script>',
      'evil.example@x',
      '',
      'a b',
    ])
      expect(crawler.siteOrigin(undefined, req(forged), '127.0.0.1:1')).toBe('http://127.0.0.1:1');
    expect(crawler.siteOrigin('javascript:alert(1)', req('localhost'), '127.0.0.1:1')).toBe('http://localhost');
  });
});

const INDEX =
  '<!doctype html><html><head><title>Rendime</title></head><body><div id="shell-root"><div id="shell-boot"></div></div></body></html>';

describe('the shell server answering crawlers', () => {
  let root: string;
  let registry: string;
  let counter: string;
  let server: ShellServerProcess;
  let bare: ShellServerProcess;

  /** Makes `version` of mf-public live with a server container whose sitemap answers `entries` (a JS expression), counting its calls. */
  function release(version: string, entries: string) {
    const stored = path.join(registry, 'mf-public', version, 'server');
    fs.mkdirSync(stored, { recursive: true });
    fs.writeFileSync(
      path.join(stored, 'remoteEntry.js'),
      `const fs = require('fs');
module.exports = {
  init: async () => {},
  get: async () => () => ({
    routes: [],
    render: async () => null,
    sitemap: async () => { fs.appendFileSync(${JSON.stringify(counter)}, 'x'); return ${entries}; },
  }),
};`,
    );
    fs.writeFileSync(
      path.join(registry, 'release-manifest.json'),
      JSON.stringify({
        release: `r-${version}`,
        createdAt: 'x',
        remotes: [
          {
            name: 'mf-public',
            version,
            entry: `http://remotes.example.ee/${version}/mf-manifest.json`,
            routes: ['/public'],
            fallbacks: [],
          },
        ],
      }),
    );
  }
  const calls = () => (fs.existsSync(counter) ? fs.readFileSync(counter, 'utf8').length : 0);

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'crawler-files-'));
    registry = path.join(root, 'registry');
    counter = path.join(root, 'calls');
    const dist = path.join(root, 'dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    release('1.0.0+a', `[{ path: '/public' }, { path: '/public/detail-view/27', lastmod: '2026-01-02T03:04:05.000Z' }]`);
    [server, bare] = await Promise.all([
      startShellServerProcess(dist, registry, {}, { publicOrigin: 'https://rendime.ee' }, { quiet: true }),
      startShellServerProcess(dist, registry, {}, {}, { quiet: true }),
    ]);
  });
  afterAll(() => {
    server.stop();
    bare.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves robots.txt that allows the public site, keeps /auth out and names the sitemap at the configured origin', async () => {
    const res = await fetch(`${server.base}/robots.txt`, { headers: { host: 'evil.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /auth', 'Sitemap: https://rendime.ee/sitemap.xml']),
    );
    expect(lines.join('\n')).not.toContain('evil');
  });

  it('without a configured origin names the sitemap by a plain Host, and never by a forged one', async () => {
    const plain = await (await fetch(`${bare.base}/robots.txt`)).text();
    expect(plain).toContain(`Sitemap: ${bare.base}/sitemap.xml`);
    const http = await import('node:http');
    const forged = await new Promise<string>((resolve, reject) => {
      const url = new URL(`${bare.base}/robots.txt`);
      http
        .get({ host: url.hostname, port: url.port, path: url.pathname, headers: { host: 'evil.example/"><x' } }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve(body));
        })
        .on('error', reject);
    });
    expect(forged).not.toContain('evil');
    expect(forged).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
  });

  it("serves the live slices' sitemap as XML at the configured origin, written once for a burst of crawlers", async () => {
    const before = calls();
    const answers = await Promise.all([1, 2, 3].map(() => fetch(`${server.base}/sitemap.xml`)));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    }
    const xml = await answers[0]!.text();
    expect(locs(xml)).toEqual([
      { loc: 'https://rendime.ee/public' },
      { loc: 'https://rendime.ee/public/detail-view/27', lastmod: '2026-01-02T03:04:05.000Z' },
    ]);
    expect((await fetch(`${server.base}/sitemap.xml`)).status).toBe(200);
    expect(calls() - before).toBe(1);
    expect((await fetch(`${server.base}/sitemap-1.xml`)).status).toBe(404);
    expect((await fetch(`${server.base}/sitemap-x.xml`)).status).toBe(404);
  });

  it('writes a new sitemap as soon as a new version is live, keeps the last good one when a slice fails, and says 503 with none', async () => {
    release('1.0.1+b', `[{ path: '/public/detail-view/28' }]`);
    expect(locs(await (await fetch(`${server.base}/sitemap.xml`)).text())).toEqual([{ loc: 'https://rendime.ee/public/detail-view/28' }]);
    release('1.0.2+failing', `Promise.reject(new Error('API away'))`);
    const kept = await fetch(`${server.base}/sitemap.xml`);
    expect(kept.status).toBe(200);
    expect(locs(await kept.text())).toEqual([{ loc: 'https://rendime.ee/public/detail-view/28' }]);
    // The other server never had a good one for this release's failing slice.
    const none = await fetch(`${bare.base}/sitemap.xml`);
    expect(none.status).toBe(503);
    expect(server.stderr()).toContain('sitemap of https://rendime.ee failed: API away');
  });
});
