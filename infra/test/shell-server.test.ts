import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { startShellServerProcess, type ShellServerProcess } from './support/shell-server-process';

type RuntimeConfigModule = typeof import('../scripts/lib/runtime-config.mjs');
let config: RuntimeConfigModule;
beforeAll(async () => {
  config = await import('../scripts/lib/runtime-config.mjs');
});

const repoRoot = path.resolve(__dirname, '../..');

describe('runtime config for the map', () => {
  it('defaults to OpenStreetMap tiles and lets the environment pick another source or none', () => {
    expect(config.runtimeConfig({})).toEqual({ mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' });
    expect(config.runtimeConfig({ RENDIME_MAP_TILE_URL: '' })).toEqual({ mapTileUrl: '' });
    expect(
      config.runtimeConfig({
        RENDIME_MAP_TILE_URL: 'https://tiles.example.ee/kaart/{z}/{x}/{-y}.png',
        RENDIME_MAP_TILE_ATTRIBUTION: '© Maa- ja Ruumiamet',
      }),
    ).toEqual({
      mapTileUrl: 'https://tiles.example.ee/kaart/{z}/{x}/{-y}.png',
      mapTileAttribution: '© Maa- ja Ruumiamet',
    });
  });

  it('refuses a tile source that is not an XYZ template, so a typo fails at start and not on the map', () => {
    expect(() => config.runtimeConfig({ RENDIME_MAP_TILE_URL: 'tile.openstreetmap.org' })).toThrow(/XYZ template/);
    expect(() => config.runtimeConfig({ RENDIME_MAP_TILE_URL: 'javascript:alert(1)//{z}{x}{y}' })).toThrow(/XYZ template/);
  });

  it('passes the slice timeout from RENDIME_REMOTE_TIMEOUT_MS and refuses a value that is not whole milliseconds', () => {
    expect(config.runtimeConfig({ RENDIME_MAP_TILE_URL: '', RENDIME_REMOTE_TIMEOUT_MS: '3000' })).toEqual({
      mapTileUrl: '',
      remoteTimeoutMs: 3000,
    });
    expect(config.runtimeConfig({ RENDIME_MAP_TILE_URL: '', RENDIME_REMOTE_TIMEOUT_MS: '' })).toEqual({ mapTileUrl: '' });
    for (const bad of ['8s', '2.5', '0', '99', '999999'])
      expect(() => config.runtimeConfig({ RENDIME_REMOTE_TIMEOUT_MS: bad })).toThrow(/RENDIME_REMOTE_TIMEOUT_MS/);
  });

  it('names the tile host as an image origin for the shell CSP', () => {
    expect(config.imageOrigins(config.runtimeConfig({}))).toEqual(['https://tile.openstreetmap.org']);
    expect(config.imageOrigins({ mapTileUrl: '' })).toEqual([]);
  });

  it('writes the config into the page head, with no way to close the script tag early', () => {
    const html = config.withRuntimeConfig('<html><head><title>t</title></head><body></body></html>', {
      mapTileAttribution: '</script><b>$&',
    });
    expect(html).toContain(
      '<script type="application/json" id="rendime-config">{"mapTileAttribution":"\\u003c/script>\\u003cb>$&"}</script></head>',
    );
    expect(JSON.parse(/id="rendime-config">(.*?)<\/script>/.exec(html)![1])).toEqual({ mapTileAttribution: '</script><b>$&' });
  });
});

describe('shell server', () => {
  let root: string;
  let server: ShellServerProcess;
  let base: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-server-'));
    const dist = path.join(root, 'dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Rendime</title></head><body></body></html>');
    fs.copyFileSync(path.join(repoRoot, 'shell/src/favicon.svg'), path.join(dist, 'favicon.svg'));
    fs.mkdirSync(path.join(dist, 'widget'));
    fs.writeFileSync(path.join(dist, 'widget/loader.js'), '(()=>{})();');
    // Precompressed copies, as the production build writes them (infra/build/precompress-plugin.cjs).
    fs.writeFileSync(path.join(dist, 'widget/loader.js.br'), zlib.brotliCompressSync('(()=>{})();'));
    fs.writeFileSync(path.join(dist, 'main.1234abcd.js'), 'console.log(1);');
    fs.writeFileSync(path.join(dist, 'main.1234abcd.js.br'), zlib.brotliCompressSync('console.log(1);'));
    server = await startShellServerProcess(dist, path.join(root, 'registry'), {
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
    base = server.base;
  });
  afterAll(() => {
    server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers every page with the shell and the runtime config the slices read', async () => {
    const res = await fetch(`${base}/public/search-products?search=haagis`);
    expect(res.status).toBe(200);
    const json = /<script type="application\/json" id="rendime-config">(.*?)<\/script><\/head>/.exec(await res.text())?.[1];
    expect(JSON.parse(json!)).toEqual({ mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' });
  });

  it("lets pages load the live remotes and their previous good versions (the shell's fallbacks)", async () => {
    const registry = path.join(root, 'registry');
    fs.mkdirSync(registry, { recursive: true });
    const remote = {
      name: 'mf-public',
      entry: 'http://remotes.example.ee:3001/2.0.0/mf-manifest.json',
      fallbacks: [{ version: '1.0.0', entry: 'http://old.example.ee:3001/1.0.0/mf-manifest.json' }],
    };
    fs.writeFileSync(
      path.join(registry, 'release-manifest.json'),
      JSON.stringify({ release: '1', createdAt: 'x', remotes: [remote, { name: 'bad', entry: 5, fallbacks: 'x' }] }),
    );
    try {
      const csp = (await fetch(`${base}/public`)).headers.get('content-security-policy') ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc.split(' ')).toEqual(expect.arrayContaining(['http://remotes.example.ee:3001', 'http://old.example.ee:3001']));
      expect(/connect-src ([^;]*)/.exec(csp)?.[1]).toContain('http://old.example.ee:3001');
    } finally {
      fs.rmSync(path.join(registry, 'release-manifest.json'));
    }
  });

  it("serves the owner widget's loader and the release manifest to any origin; the loader briefly cacheable, the manifest never", async () => {
    const loader = await fetch(`${base}/widget/loader.js`, { headers: { Origin: 'http://owner-site.example' } });
    expect(loader.status).toBe(200);
    expect(loader.headers.get('content-type')).toMatch(/javascript/);
    expect(loader.headers.get('access-control-allow-origin')).toBe('*');
    expect(loader.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await loader.text()).toBe('(()=>{})();');
    fs.mkdirSync(path.join(root, 'registry'), { recursive: true });
    fs.writeFileSync(path.join(root, 'registry', 'release-manifest.json'), JSON.stringify({ release: '1', createdAt: 'x', remotes: [] }));
    const manifest = await fetch(`${base}/release-manifest.json`, { headers: { Origin: 'http://owner-site.example' } });
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect(manifest.headers.get('cache-control')).toBe('no-store');
    // The shell's own files stay same-origin only.
    expect((await fetch(`${base}/favicon.svg`)).headers.get('access-control-allow-origin')).toBeNull();
  });

  it("sends the build's brotli copies with the original's headers: the loader still open to any origin and briefly cached, hashed chunks immutable", async () => {
    const loader = await fetch(`${base}/widget/loader.js`, { headers: { Origin: 'http://owner-site.example', 'Accept-Encoding': 'br' } });
    expect(loader.headers.get('content-encoding')).toBe('br');
    expect(loader.headers.get('content-type')).toMatch(/javascript/);
    expect(loader.headers.get('access-control-allow-origin')).toBe('*');
    expect(loader.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await loader.text()).toBe('(()=>{})();');
    const chunk = await fetch(`${base}/main.1234abcd.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(chunk.headers.get('content-encoding')).toBe('br');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await chunk.text()).toBe('console.log(1);');
  });

  it('serves a real favicon', async () => {
    const res = await fetch(`${base}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toMatch(/^<svg [^>]*viewBox="0 0 64 64"/);
  });

  it("is built to link the shell's favicon from index.html", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createConfig } = require('../build/webpack-config.cjs') as {
      createConfig: (
        o: object,
        e: object,
        a: object,
      ) => { plugins: { constructor: { name: string }; userOptions?: { favicon?: string } }[] };
    };
    const built = createConfig({ kind: 'host', dir: path.join(repoRoot, 'shell') }, {}, { mode: 'production' });
    const html = built.plugins.find((p) => p.constructor.name === 'HtmlWebpackPlugin');
    expect(html?.userOptions?.favicon).toBe(path.join(repoRoot, 'shell/src/favicon.svg'));
  });

  it("is built with the kernel's global CSS first in index.html's head, and refuses a file that could close its style element (ADR 0055)", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createConfig, platformGlobalsCss } = require('../build/webpack-config.cjs') as {
      createConfig: (
        o: object,
        e: object,
        a: object,
      ) => { plugins: { constructor: { name: string }; userOptions?: { templateParameters?: { platformGlobalsCss?: string } } }[] };
      platformGlobalsCss: (dir: string, file?: string) => string;
    };
    const shell = path.join(repoRoot, 'shell');
    const params = (env: object, mode: string) =>
      createConfig({ kind: 'host', dir: shell }, env, { mode }).plugins.find((p) => p.constructor.name === 'HtmlWebpackPlugin')?.userOptions
        ?.templateParameters;
    const css = fs.readFileSync(path.join(repoRoot, 'shared-kernel/src/ui/platform-globals.css'), 'utf8').trim();
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    expect(params({}, 'production')?.platformGlobalsCss).toBe(css);
    // A dev server computes it at run time from the kernel it serves.
    expect(params({ WEBPACK_SERVE: true }, 'development')?.platformGlobalsCss).toBe('');
    // The template's first style element is where it goes: before any layered rule.
    const template = fs.readFileSync(path.join(shell, 'src/index.html'), 'utf8');
    expect(/<style\b[^>]*>[\s\S]*?<\/style>/.exec(template)?.[0]).toBe(
      '<style id="rendime-platform-globals" data-shell-static><%= platformGlobalsCss %></style>',
    );
    const bad = path.join(os.tmpdir(), `globals-${process.pid}.css`);
    fs.writeFileSync(bad, '@layer reset{html{color:red}}</style><script>alert(1)</script>');
    try {
      expect(() => platformGlobalsCss(shell, bad)).toThrow(/must not contain <\/style/);
    } finally {
      fs.rmSync(bad);
    }
  });
});

describe('a corrupt release manifest (issue 27)', () => {
  it('serves the last good release, every page still renders, and a restarted server keeps it', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-corrupt-'));
    const dist = path.join(root, 'dist');
    const registry = path.join(root, 'registry');
    fs.mkdirSync(dist);
    fs.mkdirSync(registry);
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Rendime</title></head><body></body></html>');
    const good = {
      release: '7',
      createdAt: '2026-11-26T00:00:00Z',
      remotes: [{ name: 'mf-public', version: '2.0.0', entry: 'http://remotes.example.ee/2.0.0/mf-manifest.json', routes: ['/public'] }],
    };
    fs.writeFileSync(path.join(registry, 'release-manifest.json'), JSON.stringify(good));
    let server = await startShellServerProcess(dist, registry, {}, {}, { quiet: true });
    try {
      expect(((await (await fetch(`${server.base}/release-manifest.json`)).json()) as { release: string }).release).toBe('7');
      for (const corrupt of ['{"release": "8", "remo', '{"release": "8", "remotes": null}', '[]']) {
        fs.writeFileSync(path.join(registry, 'release-manifest.json'), corrupt);
        const manifest = await fetch(`${server.base}/release-manifest.json`);
        expect(manifest.status).toBe(200);
        expect(((await manifest.json()) as { release: string }).release).toBe('7');
        const page = await fetch(`${server.base}/public`);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-security-policy')).toContain('http://remotes.example.ee');
      }
      expect(server.stderr()).toContain('serving the last good release 7');

      // A restart with the manifest still corrupt: the last good one was kept beside it.
      server.stop();
      server = await startShellServerProcess(dist, registry, {}, {}, { quiet: true });
      expect(((await (await fetch(`${server.base}/release-manifest.json`)).json()) as { release: string }).release).toBe('7');
      expect((await fetch(`${server.base}/auth/contracts`)).status).toBe(200);
    } finally {
      server.stop();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('shell server timeouts (issue 29)', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-timeouts-'));
    fs.mkdirSync(path.join(root, 'dist'));
    fs.writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html><html><head><title>Rendime</title></head><body></body></html>');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('runs with headers 10 s, request 120 s and keep-alive 65 s by default', async () => {
    const server = await startShellServerProcess(path.join(root, 'dist'), path.join(root, 'registry'));
    try {
      expect(server.serverTimeouts).toEqual({ headersMs: 10_000, requestMs: 120_000, keepAliveMs: 65_000 });
    } finally {
      server.stop();
    }
  });

  it('cuts off a client that sends its headers slowly (408), and serves pages meanwhile', async () => {
    const server = await startShellServerProcess(
      path.join(root, 'dist'),
      path.join(root, 'registry'),
      {},
      { timeouts: { headersMs: 600, requestMs: 5_000, keepAliveMs: 5_000, checkIntervalMs: 100 } },
    );
    try {
      const { port } = new URL(server.base);
      const started = Date.now();
      const slow = new Promise<string>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1');
        let answer = '';
        let i = 0;
        let timer: NodeJS.Timeout | undefined;
        socket.on('connect', () => {
          socket.write('GET /public HTTP/1.1\r\nHost: 127.0.0.1\r\n');
          timer = setInterval(() => socket.write(`X-Slow-${i++}: aaaaaaaaaa\r\n`), 100);
        });
        socket.on('data', (c) => (answer += c.toString()));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearInterval(timer);
          resolve(answer);
        });
      });
      expect((await fetch(`${server.base}/public`)).status).toBe(200);
      expect(await slow).toMatch(/^HTTP\/1\.1 408/);
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      server.stop();
    }
  });
});
