import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { startShellServerProcess, type ShellServerProcess } from './support/shell-server-process';

// ADR 0041: the shell's server renders a public page through the live version's server container
// for anonymous visitors, within its budget; a container that throws, hangs or is missing leaves
// the page client-rendered exactly as before, and the failure is reported like a browser load's.
const INDEX =
  '<!doctype html><html><head><title>Rendime</title><script defer="defer" src="/main.js"></script></head><body><div id="shell-root"><div id="shell-boot"></div></div></body></html>';
const BUDGET_MS = 300;

/** A stored server container (the commonjs-module container interface: init, then get('./server')). */
function container(render: string, status = 'undefined'): string {
  return `module.exports = {
  init: async () => {},
  get: async (name) => { if (name !== './server') throw new Error('no ' + name); return () => ({ routes: ['/public/detail-view/:id'], render: ${render}, status: ${status} }); },
};`;
}

/** A render that streams its markup when the shell asks (`body` gets written by `then`). */
function streaming(then: string): string {
  return `async (req) => {
    const page = { status: 200, head: '<title>Voog | Rendime</title><link rel="preload" as="image" href="/pilt.jpg">', state: { mutations: [], queries: [] } };
    if (!req.stream) return { ...page, html: '<div data-prerender="">Terve</div>' };
    const body = new (require('node:stream').PassThrough)();
    ${then}
    return { ...page, html: '', body };
  }`;
}

/** The slice's status lookup: product 41 is gone, 43's API fails, the rest are for rent. */
const STATUS = `async (req) => { if (req.pathname.endsWith('/41')) return 410; if (req.pathname.endsWith('/43')) throw new Error('API away'); return 200; }`;

const RENDERS: Record<string, string> = {
  good: `async (req) => ({ status: 200, html: '<style data-emotion="css 1x9k2">.css-1x9k2{color:red}</style><div data-testid="product-page" data-prerender="">Respo kastihaagis ' + req.pathname + ' v1</div>', head: '<title>Respo kastihaagis | Rendime</title><meta property="og:title" content="Respo kastihaagis">', state: { mutations: [], queries: [{ queryKey: ['products', 27, 'details'], state: { data: { name: '</script><script>alert(1)</script>' } } }] } })`,
  next: `async () => ({ status: 200, html: '<div data-prerender="">Respo kastihaagis v2</div>', head: '', state: null })`,
  throws: `async () => { throw new Error('render broke'); }`,
  hangs: `() => new Promise(() => {})`,
  gone: `async () => ({ status: 410, html: '', head: '', state: null })`,
  broken: '',
  'hangs-with-status': `() => new Promise(() => {})`,
  // Streaming (req.stream): the data are in at once, the markup comes 150 ms later, or breaks, or never ends.
  streams: streaming(
    `const n = (globalThis.renders = (globalThis.renders || 0) + 1); setTimeout(() => { body.end('<style data-emotion="css 7q">.css-7q{margin:0}</style><div data-testid="product-page" data-prerender="">Voogedastatud ' + req.pathname + ' #' + n + '</div>'); }, 150);`,
  ),
  'stream-breaks': streaming(`setTimeout(() => body.destroy(new Error('markup broke')), 50);`),
  'stream-hangs': streaming(''),
  'throws-with-status': `async () => { throw new Error('render broke'); }`,
  // Says whether the shell told it that its page has the platform's global CSS (ADR 0055).
  'tells-globals': `async (req) => ({ status: 200, html: '<div data-prerender="">globals in page: ' + String(req.pageGlobals === true) + '</div>', head: '', state: null })`,
};

describe('the shell server rendering public pages through the slice server container', () => {
  let root: string;
  let dist: string;
  let registry: string;
  let server: ShellServerProcess;
  let api: http.Server;
  const reports: Record<string, unknown>[] = [];

  /** Makes `version` of mf-public live; its stored folder holds the server container `kind`, or none. */
  /** `fallbacks`: the previous good versions the manifest names, stored before (newest first). */
  /** `serverRoutes`: what the version's descriptor declares it renders; the registry then records its server entry. */
  function release(version: string, kind: keyof typeof RENDERS | null, fallbacks: string[] = [], serverRoutes?: string[]) {
    const stored = path.join(registry, 'mf-public', version);
    fs.mkdirSync(stored, { recursive: true });
    // The browser build's manifest: what the shell's page preloads for the slice.
    fs.writeFileSync(
      path.join(stored, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [{ name: 'app', path: './app', assets: { js: { sync: ['__federation_expose_app.0123abcd.js'] } } }],
      }),
    );
    if (kind) {
      fs.mkdirSync(path.join(stored, 'server'), { recursive: true });
      fs.writeFileSync(
        path.join(stored, 'server', 'remoteEntry.js'),
        kind === 'broken'
          ? "throw new Error('broken build');"
          : container(RENDERS[kind]!, kind.endsWith('-with-status') ? STATUS : undefined),
      );
    }
    const entry = (v: string) => `http://remotes.example.ee:3001/${v}/mf-manifest.json`;
    fs.writeFileSync(
      path.join(registry, 'release-manifest.json'),
      JSON.stringify({
        release: `r-${version}`,
        createdAt: 'x',
        remotes: [
          {
            name: 'mf-public',
            version,
            entry: entry(version),
            routes: ['/public', '/public/detail-view/:id'],
            ...(serverRoutes ? { serverRoutes, serverEntry: entry(version).replace(/mf-manifest\.json$/, 'server/remoteEntry.js') } : {}),
            fallbacks: fallbacks.map((v) => ({ version: v, entry: entry(v) })),
          },
        ],
      }),
    );
  }

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const started = Date.now();
    const res = await fetch(`${server.base}${url}`, { headers });
    return { res, html: await res.text(), ms: Date.now() - started };
  };
  const waitForReports = async (n: number) => {
    for (let i = 0; i < 50 && reports.length < n; i++) await new Promise((r) => setTimeout(r, 50));
  };
  /** The page as served without any server rendering. */
  const clientRendered = (html: string) => {
    expect(html).toContain('<div id="shell-root"><div id="shell-boot"></div></div>');
    expect(html).not.toContain('data-server-rendered');
    expect(html).not.toContain('rendime-server-state');
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'server-render-'));
    dist = path.join(root, 'dist');
    registry = path.join(root, 'registry');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'main.js'), 'console.log("shell")');
    // The API stand-in: it only hears the reports.
    api = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/platform/remote-reports') reports.push(JSON.parse(body) as Record<string, unknown>);
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    release('1.0.0+good', 'good');
    server = await startShellServerProcess(
      dist,
      registry,
      {},
      { apiPort: (api.address() as AddressInfo).port, serverRenderBudgetMs: BUDGET_MS, publicOrigin: 'https://rendime.ee' },
      { quiet: true },
    );
  });
  afterAll(async () => {
    server.stop();
    await new Promise((resolve) => api.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    reports.length = 0;
  });

  it("puts the slice's markup, head tags and query cache into an anonymous visitor's page", async () => {
    release('1.0.0+good', 'good');
    const { res, html } = await page('/public/detail-view/27');
    expect(res.status).toBe(200);
    // Without its test ids: only the slice's own page carries them (as with a snapshot, ADR 0024).
    // Emotion's style elements as plain ones where they were: marked, Emotion's cache would move
    // them all into the head when it loads, a style recalculation of the whole painted page.
    expect(html).toContain(
      '<div id="shell-root"><div data-prerender-outlet="/public/detail-view/27" data-server-rendered=""><style>.css-1x9k2{color:red}</style><div data-prerender="">Respo kastihaagis /public/detail-view/27 v1</div></div></div>',
    );
    expect(html).not.toContain('data-emotion');
    // The slice's title replaces the shell's; its tags are in the head.
    expect(html).toMatch(
      /<head>.*<title>Respo kastihaagis \| Rendime<\/title><meta property="og:title" content="Respo kastihaagis"><\/head>/s,
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    // Painted from its HTML: the slice's manifest is preloaded, its scripts are not (they would
    // share the line with the LCP image, issue 28); the shell's main.js asks for them.
    expect(html).toContain('<link rel="preload" href="http://remotes.example.ee:3001/1.0.0+good/mf-manifest.json" as="fetch"');
    expect(html).not.toContain('as="script"');
    // The cache as JSON that no script runs and no text can close.
    const data =
      /<script type="application\/json" id="rendime-server-state" data-path="\/public\/detail-view\/27" data-remote="mf-public" data-version="1\.0\.0\+good">([\s\S]*?)<\/script>/.exec(
        html,
      )?.[1];
    expect(data).toBeDefined();
    expect(data).not.toContain('</script');
    expect(JSON.parse(data!).queries[0].state.data.name).toBe('</script><script>alert(1)</script>');
    expect(reports).toEqual([]);
  });

  it('gives a visitor with a session cookie, and the pages the slice does not render, the page as before', async () => {
    release('1.0.0+good', 'good');
    const signedIn = (await page('/public/detail-view/27', { cookie: 'rendime_sid=abc' })).html;
    clientRendered(signedIn);
    // A client-rendered page needs the slice's scripts for its first paint: they are preloaded.
    expect(signedIn).toContain('<link rel="preload" href="http://remotes.example.ee:3001/1.0.0+good/remoteEntry.js" as="script"');
    expect(signedIn).toContain('1.0.0+good/__federation_expose_app.0123abcd.js" as="script"');
    clientRendered((await page('/public')).html);
    clientRendered((await page('/')).html);
  });

  it('serves the client-rendered page and reports it when the server entry throws', async () => {
    release('1.0.1+throws', 'throws');
    const { res, html } = await page('/public/detail-view/27');
    expect(res.status).toBe(200);
    clientRendered(html);
    expect(html).toContain('1.0.1+throws/remoteEntry.js" as="script"');
    await waitForReports(1);
    expect(reports).toEqual([
      expect.objectContaining({
        remote: 'mf-public',
        version: '1.0.1+throws',
        outcome: 'mount',
        servedVersion: null,
        path: '/public/detail-view/27',
        release: 'r-1.0.1+throws',
        message: expect.stringContaining('render broke'),
      }),
    ]);
    expect(server.stderr()).toContain('server render of https://rendime.ee/public/detail-view/27 by mf-public@1.0.1+throws failed');
  });

  it('serves the client-rendered page within the budget and reports a timeout when the server entry hangs', async () => {
    release('1.0.2+hangs', 'hangs');
    const { res, html, ms } = await page('/public/detail-view/28');
    expect(res.status).toBe(200);
    clientRendered(html);
    expect(ms).toBeGreaterThanOrEqual(BUDGET_MS - 20);
    // The budget plus the server's own work on a shared, busy machine; never the hang.
    expect(ms).toBeLessThan(BUDGET_MS + 1_500);
    await waitForReports(1);
    expect(reports).toEqual([
      expect.objectContaining({ remote: 'mf-public', version: '1.0.2+hangs', outcome: 'timeout', path: '/public/detail-view/28' }),
    ]);
  });

  it('stops waiting for a version whose renders keep failing: after three timeouts in a row the page comes at once', async () => {
    release('1.0.6+hangs', 'hangs');
    for (const id of [31, 32, 33]) expect((await page(`/public/detail-view/${id}`)).ms).toBeGreaterThanOrEqual(BUDGET_MS - 20);
    const { html, ms } = await page('/public/detail-view/34');
    clientRendered(html);
    expect(ms).toBeLessThan(BUDGET_MS - 20);
    await waitForReports(3);
    expect(reports.map((r) => r.outcome)).toEqual(['timeout', 'timeout', 'timeout']);
    expect(server.stderr()).toContain('server renders by mf-public@1.0.6+hangs paused for 10000 ms after 3 failures in a row');
  });

  it('serves the client-rendered page and reports the load once when the server entry cannot load', async () => {
    release('1.0.5+broken', 'broken');
    clientRendered((await page('/public/detail-view/27')).html);
    clientRendered((await page('/public/detail-view/27')).html);
    await waitForReports(1);
    expect(reports).toEqual([
      expect.objectContaining({
        remote: 'mf-public',
        version: '1.0.5+broken',
        outcome: 'load',
        message: expect.stringContaining('broken build'),
      }),
    ]);
  });

  it('serves the client-rendered page, reporting nothing, for a version published without a server entry', async () => {
    release('1.0.3+none', null);
    clientRendered((await page('/public/detail-view/27')).html);
    expect(reports).toEqual([]);
  });

  it('tells a version whose manifest names a server entry that is not stored (a broken upload): client-rendered, reported once', async () => {
    release('1.0.4+lost', null, [], ['/public/detail-view/:id']);
    clientRendered((await page('/public/detail-view/27')).html);
    clientRendered((await page('/public/detail-view/28')).html);
    await waitForReports(1);
    expect(reports).toEqual([
      expect.objectContaining({
        remote: 'mf-public',
        version: '1.0.4+lost',
        outcome: 'load',
        message: expect.stringContaining('has no server entry'),
      }),
    ]);
  });

  it('renders only the routes the manifest says the version renders on the server', async () => {
    release('1.0.6+declared', 'good', [], ['/public/search-products']);
    clientRendered((await page('/public/detail-view/27')).html);
    release('1.0.7+declared', 'good', [], ['/public/detail-view/:id']);
    expect((await page('/public/detail-view/27')).html).toContain('data-server-rendered');
    expect(reports).toEqual([]);
  });

  it('shows a newly published version on the next request and the old one again after a rollback, with no restart', async () => {
    release('1.0.0+good', 'good');
    expect((await page('/public/detail-view/27')).html).toContain('v1</div>');
    release('1.1.0+next', 'next');
    expect((await page('/public/detail-view/27')).html).toContain('Respo kastihaagis v2');
    release('1.0.0+good', 'good');
    expect((await page('/public/detail-view/27')).html).toContain('v1</div>');
  });

  it("frames the page in the front page snapshot's chrome, with its CSS, when the live release has one", async () => {
    release('1.0.0+good', 'good');
    const prerender = await import('../scripts/lib/prerender.mjs');
    const key = prerender.prerenderKey({
      pagePath: '/public',
      shellHash: prerender.shellBuildHash(dist),
      remote: { name: 'mf-public', version: '1.0.0+good' },
    });
    fs.mkdirSync(prerender.prerenderDir(registry), { recursive: true });
    const snapshot =
      '<header class="css-header">Rendime</header><main><div><div data-prerender-outlet="/public"><div><section data-prerender="" class="css-hero"><h1>Rendi</h1></section></div></div></div></main><footer>Jalus</footer>';
    fs.writeFileSync(
      path.join(prerender.prerenderDir(registry), `${key}.json`),
      JSON.stringify({ key, path: '/public', css: '.css-header{color:green}\n.css-hero{min-height:60vh}', html: snapshot }),
    );
    try {
      const { html } = await page('/public/detail-view/29');
      expect(html).toContain(
        '<div id="shell-root"><header class="css-header">Rendime</header><main><div><div data-prerender-outlet="/public/detail-view/29" data-server-rendered=""><style>.css-1x9k2{color:red}</style><div data-prerender="">Respo kastihaagis /public/detail-view/29 v1</div></div></div></main><footer>Jalus</footer></div>',
      );
      expect(html).not.toContain('<h1>Rendi</h1>');
      // The snapshot's rules for the front page's own sections (the hero) are left out.
      expect(html).toMatch(/<style id="rendime-prerender-css" data-prerender-key="[0-9a-f]+">\.css-header\{color:green\}<\/style><\/head>/);
    } finally {
      fs.rmSync(prerender.prerenderDir(registry), { recursive: true, force: true });
    }
  });

  it("tells the slice whether the shell's index.html has the platform's global CSS, read again when the file changes, its cached render never reused across (ADR 0055)", async () => {
    release('1.0.0+globals', 'tells-globals');
    expect((await page('/public/detail-view/61')).html).toContain('globals in page: false');
    const globals =
      '<style id="rendime-platform-globals" data-shell-static>@layer reset,base,tokens,recipes;@layer reset{html{line-height:1.5}}</style>';
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX.replace('</head>', `${globals}</head>`));
    try {
      // The same URL: a render cached for a page without the CSS is not reused for one with it.
      expect((await page('/public/detail-view/61')).html).toContain('globals in page: true');
      // An element of that id without the CSS (a template not filled in) is not the CSS.
      fs.writeFileSync(
        path.join(dist, 'index.html'),
        INDEX.replace('</head>', '<style id="rendime-platform-globals" data-shell-static></style></head>'),
      );
      expect((await page('/public/detail-view/61')).html).toContain('globals in page: false');
    } finally {
      fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    }
  });

  it("answers 410 for a product the slice says is gone, with the browser's page", async () => {
    release('1.0.4+gone', 'gone');
    const { res, html } = await page('/public/detail-view/27');
    expect(res.status).toBe(410);
    clientRendered(html);
  });

  // A new version whose server render fails falls back like its browser mount does (ADR 0041 amendment).
  const STATE = /<script type="application\/json" id="rendime-server-state" data-path="[^"]*"([^>]*)>/;

  it("renders with the previous good version when the new one's render throws, naming that version for the browser, and reports it", async () => {
    release('1.0.0+good', 'good');
    release('2.0.1+throws', 'throws', ['1.0.0+good']);
    const { res, html } = await page('/public/detail-view/51');
    expect(res.status).toBe(200);
    expect(html).toContain('<div data-prerender="">Respo kastihaagis /public/detail-view/51 v1</div>');
    expect(html).toContain('<title>Respo kastihaagis | Rendime</title>');
    // The browser takes this cache only if it mounts 1.0.0+good itself (the new version asks the API).
    expect(STATE.exec(html)?.[1]).toBe(' data-remote="mf-public" data-version="1.0.0+good"');
    await waitForReports(1);
    expect(reports).toEqual([
      expect.objectContaining({ version: '2.0.1+throws', outcome: 'mount', servedVersion: '1.0.0+good', path: '/public/detail-view/51' }),
    ]);
  });

  it('renders with the previous good version when the new one was published without its server entry, reporting that once', async () => {
    release('1.0.0+good', 'good');
    release('2.0.2+none', null, ['1.0.0+good']);
    expect((await page('/public/detail-view/52')).html).toContain('/public/detail-view/52 v1</div>');
    expect((await page('/public/detail-view/53')).html).toContain('/public/detail-view/53 v1</div>');
    await waitForReports(1);
    expect(reports).toEqual([
      expect.objectContaining({
        version: '2.0.2+none',
        outcome: 'load',
        servedVersion: '1.0.0+good',
        message: 'server render: mf-public@2.0.2+none has no server entry',
      }),
    ]);
  });

  it('serves a hanging version client-rendered within the budget, then, with its renders paused, the previous version at once', async () => {
    release('1.0.0+good', 'good');
    release('2.0.3+hangs', 'hangs', ['1.0.0+good']);
    for (const id of [54, 55, 56]) {
      const { html, ms } = await page(`/public/detail-view/${id}`);
      // The budget went to the hanging render: no time left for another.
      clientRendered(html);
      expect(ms).toBeLessThan(BUDGET_MS + 1_500);
    }
    const { html, ms } = await page('/public/detail-view/57');
    expect(html).toContain('/public/detail-view/57 v1</div>');
    expect(ms).toBeLessThan(BUDGET_MS);
    await waitForReports(3);
    expect(reports).toEqual([
      expect.objectContaining({ version: '2.0.3+hangs', outcome: 'timeout', servedVersion: null }),
      expect.objectContaining({ version: '2.0.3+hangs', outcome: 'timeout', servedVersion: null }),
      expect.objectContaining({ version: '2.0.3+hangs', outcome: 'timeout', servedVersion: null }),
    ]);
  });

  it('the previous version failing too leaves the page client-rendered, each failure reported', async () => {
    release('1.0.1+throws', 'throws');
    release('2.0.4+throws', 'throws', ['1.0.1+throws']);
    const { res, html } = await page('/public/detail-view/58');
    expect(res.status).toBe(200);
    clientRendered(html);
    await waitForReports(2);
    expect(reports).toEqual([
      expect.objectContaining({ version: '2.0.4+throws', outcome: 'mount', servedVersion: null }),
      expect.objectContaining({ version: '1.0.1+throws', outcome: 'mount', servedVersion: null }),
    ]);
  });

  // A crawler gets the right status when the page is served client-rendered.
  it("answers 410 for a product the slice's status lookup says is gone while the render fails, and 200 when that lookup fails", async () => {
    release('3.0.0+throws-with-status', 'throws-with-status');
    const gone = await page('/public/detail-view/41');
    expect(gone.res.status).toBe(410);
    clientRendered(gone.html);
    expect((await page('/public/detail-view/42')).res.status).toBe(200);
    const unknown = await page('/public/detail-view/43');
    expect(unknown.res.status).toBe(200);
    clientRendered(unknown.html);
    // Each failed render was reported (and no report of it reaches the next test).
    await waitForReports(3);
    expect(reports.map((r) => r.outcome)).toEqual(['mount', 'mount', 'mount']);
  });

  it('answers 410 for a gone product while renders are paused, without waiting for a render', async () => {
    release('3.0.1+hangs-with-status', 'hangs-with-status');
    for (const id of [44, 45, 46]) expect((await page(`/public/detail-view/${id}`)).res.status).toBe(200);
    const { res, html, ms } = await page('/public/detail-view/41');
    expect(server.stderr()).toContain('server renders by mf-public@3.0.1+hangs-with-status paused');
    expect(res.status).toBe(410);
    clientRendered(html);
    expect(ms).toBeLessThan(BUDGET_MS);
    await waitForReports(3);
    expect(reports.map((r) => r.outcome)).toEqual(['timeout', 'timeout', 'timeout']);
  });

  // Streaming: the head goes out once the data are known, the markup after it.
  /** The page read as it arrives, decoded: when `</head>` came, when the markup came, the whole text. */
  const streamed = (url: string, encoding: string) =>
    new Promise<{ status: number; headMs: number; markupMs: number; text: string; encoding: string | undefined }>((resolve, reject) => {
      const started = Date.now();
      http
        .get(`${server.base}${url}`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const decoded =
            res.headers['content-encoding'] === 'br'
              ? res.pipe(zlib.createBrotliDecompress())
              : res.headers['content-encoding'] === 'gzip'
                ? res.pipe(zlib.createGunzip())
                : res;
          let text = '';
          let headMs = -1;
          let markupMs = -1;
          decoded.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (headMs < 0 && text.includes('</head>')) headMs = Date.now() - started;
            if (markupMs < 0 && text.includes('id="shell-root"')) markupMs = Date.now() - started;
          });
          decoded.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headMs, markupMs, text, encoding: res.headers['content-encoding'] }),
          );
          decoded.on('error', reject);
        })
        .on('error', reject);
    });

  it('sends the head once the data are known and the markup when it is rendered, compressed, then serves the whole page from the cache', async () => {
    release('4.0.0+streams', 'streams');
    const pages: string[] = [];
    for (const [id, encoding] of [
      [61, 'br'],
      [62, 'gzip'],
      [63, 'identity'],
    ] as const) {
      const page = await streamed(`/public/detail-view/${id}`, encoding);
      pages.push(page.text);
      expect(page.status).toBe(200);
      expect(page.encoding).toBe(encoding === 'identity' ? undefined : encoding);
      // The title and the LCP image's preload arrive before the markup is rendered (150 ms later).
      expect(page.headMs).toBeGreaterThanOrEqual(0);
      expect(page.markupMs - page.headMs).toBeGreaterThanOrEqual(100);
      expect(page.text).toMatch(/<title>Voog \| Rendime<\/title><link rel="preload" as="image" href="\/pilt.jpg"><\/head>/);
      expect(page.text).toContain(
        `<div id="shell-root"><div data-prerender-outlet="/public/detail-view/${id}" data-server-rendered=""><style>.css-7q{margin:0}</style><div data-prerender="">Voogedastatud /public/detail-view/${id} #`,
      );
      expect(page.text).toContain(
        'id="rendime-server-state" data-path="/public/detail-view/' + id + '" data-remote="mf-public" data-version="4.0.0+streams"',
      );
      expect(page.text).toMatch(/<\/body><\/html>$/);
    }
    // The complete page was cached: the next visitor gets the same render, whole.
    const first = /Voogedastatud \/public\/detail-view\/61 #(\d+)</.exec(pages[0]!)?.[1];
    expect(first).toBeDefined();
    const again = await page('/public/detail-view/61');
    expect(again.html).toContain(`<div data-prerender="">Voogedastatud /public/detail-view/61 #${first}</div></div></div>`);
    expect(reports).toEqual([]);
  });

  it('ends a page whose markup breaks after its head was sent as the client-rendered page, and reports it', async () => {
    release('4.0.1+stream-breaks', 'stream-breaks');
    const page = await streamed('/public/detail-view/64', 'gzip');
    expect(page.status).toBe(200);
    // The holder stays empty: the slice renders into the outlet as on a client-rendered page.
    expect(page.text).toContain(
      '<div id="shell-root"><div data-prerender-outlet="/public/detail-view/64" data-server-rendered=""></div></div>',
    );
    expect(page.text).toMatch(/<\/body><\/html>$/);
    await waitForReports(1);
    expect(reports).toEqual([
      expect.objectContaining({
        version: '4.0.1+stream-breaks',
        outcome: 'mount',
        servedVersion: null,
        message: 'server render: markup broke',
      }),
    ]);
  });

  it('ends a page whose markup does not come within the budget as the client-rendered page, and reports a timeout', async () => {
    release('4.0.2+stream-hangs', 'stream-hangs');
    const started = Date.now();
    const page = await streamed('/public/detail-view/65', 'br');
    expect(Date.now() - started).toBeLessThan(BUDGET_MS + 1_500);
    expect(page.text).toContain('data-server-rendered=""></div></div>');
    await waitForReports(1);
    expect(reports).toEqual([expect.objectContaining({ version: '4.0.2+stream-hangs', outcome: 'timeout', servedVersion: null })]);
  });
});
