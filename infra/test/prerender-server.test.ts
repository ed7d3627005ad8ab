import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startShellServerProcess, type ShellServerProcess } from './support/shell-server-process';

// ADR 0024: the shell's server puts the live release's snapshot of the front page into the HTML
// for anonymous visitors, never a snapshot of another release or shell build, and preloads the
// route's slice from the release manifest.
type PrerenderModule = typeof import('../scripts/lib/prerender.mjs');
let prerender: PrerenderModule;

const INDEX =
  '<!doctype html><html><head><title>Rendime</title><script defer="defer" src="/main.js"></script></head><body><div id="shell-root"><div id="shell-boot"></div></div></body></html>';
const NOTICE =
  '<div data-cookie-notice="" role="dialog" aria-labelledby="cookie-title" class="css-notice"><h2 id="cookie-title">Küpsised</h2><div class="css-row"><a href="/public/usage">Loe lähemalt</a><button>Nõustun</button></div></div>';
const HERO = `<div class="css-page"><header>Rendime</header><main><div><div data-prerender-outlet="/public"><section data-prerender=""><h1>Rendi kõike, mida vajad</h1></section></div></div></main><footer>Jalus</footer>${NOTICE}</div>`;
const CSS = '.css-hero{background:#39C689}\n.x::after{content:"</style><script>alert(1)</script>"}';

describe('the shell server with a prerendered front page', () => {
  let root: string;
  let dist: string;
  let registry: string;
  let server: ShellServerProcess;
  let base: string;

  /** Makes `version` of mf-public live (its stored mf-manifest.json names the entry and ./app's chunks). */
  function release(version: string) {
    const stored = path.join(registry, 'mf-public', version);
    fs.mkdirSync(stored, { recursive: true });
    fs.writeFileSync(
      path.join(stored, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          {
            name: 'app',
            path: './app',
            assets: { js: { sync: ['3894.592afacf.js', '__federation_expose_app.b8fff37f.js'], async: ['ol-map.69b72f37.js'] } },
          },
        ],
      }),
    );
    const entry = `http://remotes.example.ee:3001/${version}/mf-manifest.json`;
    fs.writeFileSync(
      path.join(registry, 'release-manifest.json'),
      JSON.stringify({
        release: version,
        createdAt: 'x',
        remotes: [{ name: 'mf-public', version, entry, routes: ['/public', '/public/login', '/public/detail-view/:id'], fallbacks: [] }],
      }),
    );
  }

  /** Stores a snapshot of /public for the shell build and release that are live now. */
  function storeSnapshot(version: string) {
    const key = prerender.prerenderKey({
      pagePath: '/public',
      shellHash: prerender.shellBuildHash(dist),
      remote: { name: 'mf-public', version },
    });
    fs.mkdirSync(prerender.prerenderDir(registry), { recursive: true });
    fs.writeFileSync(
      path.join(prerender.prerenderDir(registry), `${key}.json`),
      JSON.stringify({ key, path: '/public', css: CSS, html: HERO }),
    );
  }

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${url}`, { headers });
    return { res, html: await res.text() };
  };

  beforeAll(async () => {
    prerender = await import('../scripts/lib/prerender.mjs');
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'prerender-server-'));
    dist = path.join(root, 'dist');
    registry = path.join(root, 'registry');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'main.js'), 'console.log("shell 1")');
    release('1.0.0+aaaaaaaaaa');
    storeSnapshot('1.0.0+aaaaaaaaaa');
    server = await startShellServerProcess(dist, registry);
    base = server.base;
  });
  afterAll(() => {
    server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('sends an anonymous visitor the hero in the HTML, styled, with no inline script and the strict CSP', async () => {
    const { res, html } = await page('/public');
    expect(html).toContain(
      '<div class="css-page"><header>Rendime</header><main><div><div data-prerender-outlet="/public"><section data-prerender=""><h1>Rendi kõike, mida vajad</h1>',
    );
    expect(html).not.toContain('shell-boot');
    const style = /<style id="rendime-prerender-css"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(style).toContain('.css-hero{background:#39C689}');
    // The snapshot's CSS cannot close its tag and start a script.
    expect(style).toContain('<\\/style><script>');
    // Outside the style element (whose text is CSS, never markup), every script is a file or JSON.
    const scripts = [...html.replace(/<style[\s\S]*?<\/style>/g, '').matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((attrs) => /\bsrc=/.test(attrs) || /type="application\/json"/.test(attrs))).toBe(true);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).not.toMatch(/unsafe-inline/);
    expect(res.headers.get('vary')).toMatch(/cookie/i);
    // A trailing slash is the same page.
    expect((await page('/public/')).html).toContain('data-prerender-outlet="/public"');
  });

  // Pages are the server's not-found handler's answers, which @fastify/compress never sees: the
  // front page's 88 KB snapshot went out uncompressed over a mobile link (issue 28).
  it('sends the page compressed as the visitor accepts: brotli, else gzip, else plain', async () => {
    const raw = (encoding: string) =>
      new Promise<{ encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
        http
          .get(`${base}/public`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ encoding: res.headers['content-encoding'], vary: String(res.headers.vary), body: Buffer.concat(chunks) }),
            );
          })
          .on('error', reject);
      });
    const plain = await raw('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString('utf8')).toContain('data-prerender-outlet="/public"');
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    const gz = await raw('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    // A refused encoding is not used.
    expect((await raw('br;q=0, gzip')).encoding).toBe('gzip');
  });

  it('preloads the live slice of the page: its manifest (CORS, as the runtime fetches it), entry and the chunks ./app needs', async () => {
    for (const url of ['/public/login', '/public/detail-view/27']) {
      const { html } = await page(url);
      const base2 = 'http://remotes.example.ee:3001/1.0.0+aaaaaaaaaa/';
      expect(html).toContain(`<link rel="preload" href="${base2}mf-manifest.json" as="fetch" crossorigin="anonymous">`);
      expect(html).toContain(`<link rel="preload" href="${base2}remoteEntry.js" as="script" fetchpriority="low">`);
      expect(html).toContain(`<link rel="preload" href="${base2}3894.592afacf.js" as="script" fetchpriority="low">`);
      expect(html).toContain(`<link rel="preload" href="${base2}__federation_expose_app.b8fff37f.js" as="script" fetchpriority="low">`);
      // Lazy chunks are not the first screen's.
      expect(html).not.toContain('ol-map');
    }
    // A page no slice owns gets none.
    expect((await page('/auth/messages')).html).not.toContain('rel="preload" href="http://remotes');
  });

  it('preloads no scripts on a page painted from its snapshot, only the slice manifest; a signed-in visitor gets them all', async () => {
    const base2 = 'http://remotes.example.ee:3001/1.0.0+aaaaaaaaaa/';
    const { html } = await page('/public');
    expect(html).toContain('data-prerender-outlet="/public"');
    expect(html).toContain(`<link rel="preload" href="${base2}mf-manifest.json" as="fetch" crossorigin="anonymous">`);
    // Its first paint needs none: they would share the line with the page's images (issue 28).
    expect(html).not.toContain('as="script"');
    const signedIn = await page('/public', { cookie: 'rendime_sid=abc' });
    expect(signedIn.html).not.toContain('data-prerender-outlet');
    expect(signedIn.html).toContain(`<link rel="preload" href="${base2}remoteEntry.js" as="script" fetchpriority="low">`);
  });

  it("shows the snapshot's cookie notice, inert until the shell takes over, only to a visitor who has not answered it", async () => {
    const first = (await page('/public')).html;
    // First in the markup (fixed to the screen, so where it stands does not show): in the first paint.
    expect(first).toContain('<div id="shell-root"><div inert="" data-cookie-notice="" role="dialog"');
    expect(first).toContain('<button>Nõustun</button></div></div><div class="css-page">');
    expect(first).toContain('<footer>Jalus</footer></div></div>');
    for (const cookie of ['rendime_consent=1', 'a=b; rendime_consent=1', 'rendime_consent=1; a=b']) {
      const answered = (await page('/public', { cookie })).html;
      expect(answered).toContain('data-prerender-outlet="/public"');
      expect(answered).not.toContain('Küpsised');
      // Only the notice went: the page's wrapper still closes after the footer.
      expect(answered).toContain('<footer>Jalus</footer></div></div>');
    }
    // Not a consent: another value, or another cookie's name ending alike.
    for (const cookie of ['rendime_consent=0', 'xrendime_consent=1'])
      expect((await page('/public', { cookie })).html).toContain('<div inert=""');
  });

  it("preloads what the route was seen to load at publish: the shell's chunks and the route's lazy part, for the live versions only", async () => {
    const key = prerender.prerenderKey({
      pagePath: 'scripts:/public/detail-view/:id',
      shellHash: prerender.shellBuildHash(dist),
      remote: { name: 'mf-public', version: '1.0.0+aaaaaaaaaa' },
    });
    const file = path.join(prerender.prerenderDir(registry), `${key}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify({
        key,
        scripts: [
          { origin: 'shell', file: '164.7af039e3.js' },
          { origin: 'mf-public', version: '1.0.0+aaaaaaaaaa', file: '9045.087077fe.js' },
          { origin: 'mf-booking', version: '0.9.0+cccccccccc', file: 'booking.1234abcd.js' },
          { origin: 'shell', file: '../etc/passwd.js' },
        ],
      }),
    );
    try {
      const { html } = await page('/public/detail-view/27');
      expect(html).toContain('<link rel="preload" href="/164.7af039e3.js" as="script" fetchpriority="low">');
      expect(html).toContain(
        '<link rel="preload" href="http://remotes.example.ee:3001/1.0.0+aaaaaaaaaa/9045.087077fe.js" as="script" fetchpriority="low">',
      );
      // mf-booking is not live in that version (not live at all here), and no path leaves the origin's root.
      expect(html).not.toContain('booking.1234abcd.js');
      expect(html).not.toContain('passwd');
      // Recorded for that route only, and only for the live release.
      expect((await page('/public/login')).html).not.toContain('164.7af039e3.js');
      release('1.1.0+bbbbbbbbbb');
      expect((await page('/public/detail-view/27')).html).not.toContain('164.7af039e3.js');
    } finally {
      release('1.0.0+aaaaaaaaaa');
      fs.rmSync(file);
    }
  });

  it('gives a visitor with a session cookie the plain page (the prerendered header is the signed-out one)', async () => {
    for (const cookie of ['rendime_sid=abc', 'x=1; __Host-rendime_sid=abc']) {
      const { html } = await page('/public', { cookie });
      expect(html).not.toContain('data-prerender-outlet');
      expect(html).not.toContain('rendime-prerender-css');
      expect(html).toContain('<div id="shell-root"><div id="shell-boot"></div></div>');
      expect(html).toContain('remoteEntry.js');
    }
  });

  it('prerenders only the front page', async () => {
    const { html } = await page('/public/login');
    expect(html).not.toContain('data-prerender-outlet');
  });

  it('never serves a snapshot of an older release: a new version of the slice is plain until its own snapshot is stored', async () => {
    release('1.1.0+bbbbbbbbbb');
    try {
      expect((await page('/public')).html).not.toContain('data-prerender-outlet');
      storeSnapshot('1.1.0+bbbbbbbbbb');
      expect((await page('/public')).html).toContain('data-prerender-outlet');
    } finally {
      release('1.0.0+aaaaaaaaaa');
    }
    expect((await page('/public')).html).toContain('data-prerender-outlet');
  });

  it('never serves a snapshot of another shell build', async () => {
    fs.writeFileSync(path.join(dist, 'main.js'), 'console.log("shell 2")');
    try {
      expect((await page('/public')).html).not.toContain('data-prerender-outlet');
    } finally {
      fs.writeFileSync(path.join(dist, 'main.js'), 'console.log("shell 1")');
    }
    expect((await page('/public')).html).toContain('data-prerender-outlet');
  });
});
