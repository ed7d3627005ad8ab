import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { SLICES } from './support/slices';
import { federationFiles } from './support/fake-federation';

type Registry = typeof import('../scripts/lib/registry.mjs');
type Gate = typeof import('../scripts/lib/publish-gate.mjs');
type ShellDescriptor = import('../scripts/lib/publish-gate.mjs').ShellDescriptor;
let registry: Registry;
let gate: Gate;
beforeAll(async () => {
  registry = await import('../scripts/lib/registry.mjs');
  gate = await import('../scripts/lib/publish-gate.mjs');
});

const repoRoot = path.resolve(__dirname, '../..');
const ORIGIN = 'http://localhost:3005';

const SHELL: ShellDescriptor = {
  name: 'shell',
  version: '1.0.0',
  shared: { react: '19.3.1', 'react-dom': '19.3.1', zustand: '5.1.0', 'shared-kernel': '2.1.0' },
  kernel: { version: '2.1.0', exports: { 'shared-kernel/ui': ['Button', 'PlatformProvider'], 'shared-kernel/api': ['getApi'] } },
};
const GOOD_SHARED = { react: '^19.3.0', 'react/': '^19.3.0', 'react-dom': '^19.3.0', 'shared-kernel/': '^2.1.0' };

interface FakeOptions {
  name?: string;
  scope?: string;
  version?: string;
  routes?: string[];
  nav?: unknown[];
  shared?: Record<string, string>;
  kernelImports?: Record<string, string[]>;
  /** what the build carries its own copy of (ADR 0030) */
  bundled?: { kernel?: string[]; packages?: string[] };
  /** changes the build's content (a rebuilt remote) */
  code?: string;
  builtAt?: string;
  devPort?: number;
  /** the descriptor's embeds (scripts for other websites) */
  embeds?: Record<string, string>;
  /** the routes the descriptor says its server entry renders (ADR 0041) */
  serverRoutes?: string[];
  /** files the build holds besides the usual ones: name → content */
  files?: Record<string, string | Buffer>;
  /** the descriptor's widgets (exposed module → source) */
  widgets?: Record<string, string>;
  /** the descriptor's contracts (ADR 0039); null: none (a build from before them) */
  contracts?: object | null;
  /** what remoteEntry.js / mf-manifest.json require instead of the descriptor's ranges, and what the build exposes */
  federation?: Parameters<typeof federationFiles>[2];
}

let buildCount = 0;
/** A chunk the server sends from its precompressed copy (not sent by its own bytes: no .gz, no plain send). */
const PRECOMPRESSED_CHUNK = `export const x = ${JSON.stringify('Rendime '.repeat(300))};`;

function fakeBuild(root: string, o: FakeOptions = {}): string {
  const dir = path.join(root, `build-${++buildCount}`);
  fs.mkdirSync(dir, { recursive: true });
  const name = o.name ?? 'mf-messaging';
  const scope = o.scope ?? name.replace('-', '_');
  const widgets = o.widgets ?? {};
  // The build's own files state what the descriptor says, unless a test makes them differ.
  const federation = federationFiles(scope, o.shared ?? GOOD_SHARED, { exposes: ['./app', ...Object.keys(widgets)], ...o.federation });
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), federation['mf-manifest.json']);
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${o.code ?? 'v1'} */${federation['remoteEntry.js']}`);
  fs.writeFileSync(path.join(dir, '123.0a1b2c3d.js'), 'chunk');
  for (const [file, body] of Object.entries(o.files ?? {})) fs.writeFileSync(path.join(dir, file), body);
  fs.writeFileSync(
    path.join(dir, 'remote-descriptor.json'),
    JSON.stringify({
      name,
      scope,
      version: o.version ?? '1.0.0',
      builtAt: o.builtAt ?? new Date().toISOString(),
      routes: o.routes ?? ['/auth/messages'],
      nav: o.nav ?? [],
      widgets,
      ...(o.contracts === null
        ? {}
        : { contracts: o.contracts ?? { widgets: { provides: {}, consumes: {} }, events: { emits: {}, listens: {} } } }),
      ...(o.embeds ? { embeds: o.embeds } : {}),
      ...(o.serverRoutes ? { serverRoutes: o.serverRoutes } : {}),
      events: {},
      devPort: o.devPort ?? 3005,
      shared: o.shared ?? GOOD_SHARED,
      kernelImports: o.kernelImports ?? { 'shared-kernel/ui': ['Button'] },
      ...(o.bundled ? { bundled: o.bundled } : {}),
    }),
  );
  return dir;
}

/** Every file of the registry but the log, with its bytes: "production" in the issue's sense. */
function production(reg: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name !== 'release-log.jsonl') out[path.relative(reg, p)] = fs.readFileSync(p, 'base64');
    }
  };
  walk(reg);
  return out;
}

describe('release registry', () => {
  let root: string;
  let reg: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-'));
    reg = path.join(root, 'registry');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('publishes a version, rolls forward and back, and touches only that remote', () => {
    const v1 = registry.storeBuild(reg, fakeBuild(root, { code: 'a' })).version;
    registry.activate(reg, 'mf-messaging', v1, ORIGIN);
    const first = registry.readManifest(reg);
    expect(first.remotes).toHaveLength(1);
    expect(first.remotes[0]).toMatchObject({
      version: v1,
      entry: `${ORIGIN}/${v1}/mf-manifest.json`,
      routes: ['/auth/messages'],
      fallbacks: [],
    });

    const v2 = registry.storeBuild(reg, fakeBuild(root, { code: 'b' })).version;
    registry.activate(reg, 'mf-messaging', v2, ORIGIN);
    expect(registry.readManifest(reg).remotes[0].version).toBe(v2);
    expect(registry.listVersions(reg, 'mf-messaging').sort()).toEqual([v1, v2].sort());

    registry.activate(reg, 'mf-messaging', v1, ORIGIN);
    const back = registry.readManifest(reg);
    expect(back.remotes[0].version).toBe(v1);
    expect(Number(back.release)).toBeGreaterThan(Number(first.release));
  });

  it('refuses to activate a version that was never stored', () => {
    expect(() => registry.activate(reg, 'mf-messaging', '9.9.9', ORIGIN)).toThrow(/not in the registry/);
  });

  describe('immutable versions', () => {
    it('names a build by package version and content hash; builtAt does not count, content does', () => {
      const a = fakeBuild(root, { code: 'same', builtAt: '2026-01-01T00:00:00.000Z' });
      const b = fakeBuild(root, { code: 'same', builtAt: '2026-02-02T00:00:00.000Z' });
      const c = fakeBuild(root, { code: 'changed' });
      expect(registry.versionOf(a)).toMatch(/^1\.0\.0\+[0-9a-f]{10}$/);
      expect(registry.versionOf(a)).toBe(registry.versionOf(b));
      expect(registry.versionOf(c)).not.toBe(registry.versionOf(a));
    });

    it('refuses to store a version again and never rewrites the stored folder; `reuse` hands the stored one back', () => {
      const build = fakeBuild(root, { code: 'x' });
      const first = registry.storeBuild(reg, build);
      expect(first.stored).toBe(true);
      const stored = production(reg);
      // The same content built again (new builtAt) is the same version.
      const again = fakeBuild(root, { code: 'x', builtAt: '2030-01-01T00:00:00.000Z' });
      expect(() => registry.storeBuild(reg, again)).toThrow(/already stored/);
      expect(production(reg)).toEqual(stored);
      const reused = registry.storeBuild(reg, again, { ifStored: 'reuse' });
      expect(reused).toMatchObject({ version: first.version, stored: false });
      expect(production(reg)).toEqual(stored);
      // The stored descriptor says which version it is, and the stored folder hashes to that version.
      const storedDir = path.join(reg, 'mf-messaging', first.version);
      expect(JSON.parse(fs.readFileSync(path.join(storedDir, 'remote-descriptor.json'), 'utf8')).version).toBe(first.version);
      expect(registry.versionOf(storedDir)).toBe(first.version);
    });

    it("stores a build's precompressed copies as copies of its files: a stale one made again, an orphan dropped, the version the same either way", () => {
      const stale = zlib.brotliCompressSync(Buffer.from(`${PRECOMPRESSED_CHUNK}// before a patch`));
      const build = fakeBuild(root, {
        code: 'copies',
        files: { '9.0a1b2c3d.js': PRECOMPRESSED_CHUNK, '9.0a1b2c3d.js.br': stale, '8.0a1b2c3d.js.gz': zlib.gzipSync('gone') },
      });
      const bare = fakeBuild(root, { code: 'copies', files: { '9.0a1b2c3d.js': PRECOMPRESSED_CHUNK } });
      expect(registry.versionOf(build)).toBe(registry.versionOf(bare));
      const { version } = registry.storeBuild(reg, build);
      const storedDir = path.join(reg, 'mf-messaging', version);
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(storedDir, '9.0a1b2c3d.js.br'))).toString()).toBe(PRECOMPRESSED_CHUNK);
      expect(fs.existsSync(path.join(storedDir, '8.0a1b2c3d.js.gz'))).toBe(false);
      expect(registry.versionOf(storedDir)).toBe(version);
      // the build itself is left as it was
      expect(fs.readFileSync(path.join(build, '9.0a1b2c3d.js.br')).equals(stale)).toBe(true);
    });

    it('serves remoteEntry.js and the JSON files for revalidation, hashed chunks immutable', async () => {
      const v = registry.storeBuild(
        reg,
        fakeBuild(root, {
          files: {
            '9.0a1b2c3d.js': PRECOMPRESSED_CHUNK,
            // quality 11, as the build writes it; on the fly the server compresses at 4
            '9.0a1b2c3d.js.br': zlib.brotliCompressSync(Buffer.from(PRECOMPRESSED_CHUNK), {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
            }),
          },
        }),
      ).version;
      // The servers run in their own process (their ESM dependencies do not load under jest's VM).
      const script = `import { startRemoteServer } from './infra/scripts/lib/servers.mjs';
        const app = await startRemoteServer({ name: 'mf-messaging', registryDir: process.env.REG, port: 0 });
        console.log('PORT ' + app.server.address().port);`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        cwd: repoRoot,
        env: { ...process.env, REG: reg },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        const port = await new Promise<number>((resolve, reject) => {
          let out = '';
          child.stdout.on('data', (d) => {
            out += d;
            const m = /PORT (\d+)/.exec(out);
            if (m) resolve(Number(m[1]));
          });
          child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
        });
        const cache = async (file: string) => {
          const res = await fetch(`http://127.0.0.1:${port}/${v}/${file}`);
          expect(res.status).toBe(200);
          return res.headers.get('cache-control');
        };
        expect(await cache('remoteEntry.js')).toBe('no-cache');
        expect(await cache('mf-manifest.json')).toBe('no-cache');
        expect(await cache('remote-descriptor.json')).toBe('no-cache');
        expect(await cache('123.0a1b2c3d.js')).toBe('public, max-age=31536000, immutable');
        // The build's brotli copy where the browser takes brotli, with the original's type and caching.
        const chunk = await fetch(`http://127.0.0.1:${port}/${v}/9.0a1b2c3d.js`, { headers: { 'accept-encoding': 'gzip, br' } });
        expect(chunk.headers.get('content-encoding')).toBe('br');
        expect(chunk.headers.get('content-type')).toMatch(/^application\/javascript/);
        expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(chunk.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(await chunk.text()).toBe(PRECOMPRESSED_CHUNK);
        // The copy's own bytes, not an on-the-fly compression of the file (which would differ).
        const wire = await new Promise<Buffer>((resolve, reject) => {
          http
            .get(`http://127.0.0.1:${port}/${v}/9.0a1b2c3d.js`, { headers: { 'accept-encoding': 'br' } }, (res) => {
              const parts: Buffer[] = [];
              res.on('data', (d: Buffer) => parts.push(d));
              res.on('end', () => resolve(Buffer.concat(parts)));
            })
            .on('error', reject);
        });
        expect(wire.equals(fs.readFileSync(path.join(reg, 'mf-messaging', v, '9.0a1b2c3d.js.br')))).toBe(true);
        const plain = await fetch(`http://127.0.0.1:${port}/${v}/9.0a1b2c3d.js`, { headers: { 'accept-encoding': 'identity' } });
        expect(plain.headers.get('content-encoding')).toBeNull();
        expect(await plain.text()).toBe(PRECOMPRESSED_CHUNK);
      } finally {
        child.kill('SIGTERM');
      }
    });
  });

  describe('publish gate', () => {
    async function publish(buildDir: string, extra: Partial<Parameters<Gate['publishRelease']>[0]> = {}) {
      return gate.publishRelease({
        registryDir: reg,
        buildDir,
        origin: ORIGIN,
        expectedName: 'mf-messaging',
        shell: SHELL,
        smoke: false,
        who: 'tester',
        ...extra,
      });
    }

    /** A registry with mf-messaging and mf-public live, so refusals have something to leave alone. */
    async function liveRegistry() {
      await publish(fakeBuild(root, { code: 'live' }), { reason: 'first' });
      await gate.publishRelease({
        registryDir: reg,
        buildDir: fakeBuild(root, { name: 'mf-public', routes: ['/public', '/public/detail-view/:id'], devPort: 3001 }),
        origin: 'http://localhost:3001',
        shell: SHELL,
        smoke: false,
      });
    }

    async function expectRefused(buildDir: string, reason: RegExp) {
      const expectedName = 'mf-messaging';
      const before = production(reg);
      const logBefore = registry.readLog(reg).length;
      await expect(
        gate.publishRelease({ registryDir: reg, buildDir, origin: ORIGIN, expectedName, shell: SHELL, smoke: false, who: 'tester' }),
      ).rejects.toThrow(reason);
      // Production unchanged: the manifest and every stored build byte for byte.
      expect(production(reg)).toEqual(before);
      const log = registry.readLog(reg);
      expect(log).toHaveLength(logBefore + 1);
      expect(log.at(-1)).toMatchObject({ action: 'refuse', who: 'tester', remote: expectedName });
      expect(log.at(-1)!.reason).toMatch(reason);
    }

    it('accepts a compatible build: stored, live, logged with who, what and the version before', async () => {
      await liveRegistry();
      const build = fakeBuild(root, { code: 'next', nav: [{ group: 'common', label: 'Sõnumid', to: '/auth/messages', order: 50 }] });
      const r = await publish(build, { reason: 'new inbox' });
      const live = registry.readManifest(reg).remotes.find((x) => x.name === 'mf-messaging')!;
      expect(live.version).toBe(r.version);
      expect(live.fallbacks.map((f) => f.version)).toHaveLength(1);
      const line = registry.readLog(reg).at(-1)!;
      expect(line).toMatchObject({
        action: 'publish',
        who: 'tester',
        remote: 'mf-messaging',
        version: r.version,
        reason: 'new inbox',
        release: registry.readManifest(reg).release,
      });
      expect(line.previousVersion).toBe(live.fallbacks[0].version);
      expect(Date.parse(line.at)).not.toBeNaN();
    });

    it("carries a remote's embeds into its manifest entry, so the owner widget's loader finds the live file", async () => {
      await liveRegistry();
      const r = await publish(
        fakeBuild(root, { code: 'embed', embeds: { 'owner-widget': 'owner-widget.js' }, files: { 'owner-widget.js': '(()=>{})();' } }),
      );
      const live = registry.readManifest(reg).remotes.find((x) => x.name === 'mf-messaging')!;
      expect(live.embeds).toEqual({ 'owner-widget': 'owner-widget.js' });
      expect(fs.readFileSync(path.join(reg, 'mf-messaging', r.version, 'owner-widget.js'), 'utf8')).toBe('(()=>{})();');
      // A remote without embeds gets an empty map, as the kernel's schema defaults it.
      expect(registry.readManifest(reg).remotes.find((x) => x.name === 'mf-public')!.embeds).toEqual({});
    });

    it('refuses a build whose declared embed file is missing or empty', async () => {
      await liveRegistry();
      await expectRefused(
        fakeBuild(root, { code: 'noembed', embeds: { 'owner-widget': 'owner-widget.js' } }),
        /embed owner-widget: owner-widget\.js is missing from the build/,
      );
      await expectRefused(
        fakeBuild(root, { code: 'emptyembed', embeds: { 'owner-widget': 'owner-widget.js' }, files: { 'owner-widget.js': '' } }),
        /embed owner-widget: owner-widget\.js is missing/,
      );
    });

    it('refuses embeds that are not a file name beside the entry', async () => {
      await liveRegistry();
      await expectRefused(
        fakeBuild(root, { code: 'climb', embeds: { 'owner-widget': '../mf-public/x.js' } }),
        /embeds\.owner-widget must be a \.js file name beside the entry/,
      );
      await expectRefused(
        fakeBuild(root, { code: 'url', embeds: { 'owner-widget': 'https://evil.example/x.js' } }),
        /embeds\.owner-widget must be a \.js file name/,
      );
      await expectRefused(
        fakeBuild(root, { code: 'name', embeds: { Owner_Widget: 'w.js' }, files: { 'w.js': 'x' } }),
        /embeds: "Owner_Widget" must be lower-case/,
      );
    });

    it('refuses a slice that declares React ^18', async () => {
      await liveRegistry();
      await expectRefused(
        fakeBuild(root, { code: 'r18', shared: { ...GOOD_SHARED, react: '^18.2.0', 'react/': '^18.2.0' } }),
        /react \^18\.2\.0 is required, the live shell provides 19\.3\.1/,
      );
    });

    it('refuses a slice built against a kernel minor the live shell lacks', async () => {
      await liveRegistry();
      await expectRefused(
        fakeBuild(root, { code: 'k23', shared: { ...GOOD_SHARED, 'shared-kernel/': '^2.3.0' } }),
        /shared-kernel \^2\.3\.0 is required, the live shell provides 2\.1\.0/,
      );
    });

    it('reads a kernel shared subpath by subpath (ADR 0030) as the one kernel version', async () => {
      await liveRegistry();
      const { 'shared-kernel/': _prefix, ...rest } = GOOD_SHARED;
      const perSubpath = (range: string) => ({
        ...rest,
        'shared-kernel/api': range,
        'shared-kernel/ui': range,
        'shared-kernel/session': range,
      });
      await expectRefused(
        fakeBuild(root, { code: 'k23split', shared: perSubpath('^2.3.0') }),
        /shared-kernel \^2\.3\.0 is required, the live shell provides 2\.1\.0/,
      );
      expect(gate.sharedProblems({ shared: perSubpath('^2.1.0') }, SHELL)).toEqual([]);
    });

    it('refuses a slice that bundles its own copy of a kernel singleton or a package the live shell provides', async () => {
      await liveRegistry();
      await expectRefused(
        fakeBuild(root, { code: 'ownui', bundled: { kernel: ['shared-kernel/ui'] } }),
        /bundles its own copy of shared-kernel\/ui, which the live shell provides/,
      );
      await expectRefused(
        fakeBuild(root, { code: 'ownreact', bundled: { packages: ['react', 'zod'] } }),
        /bundles its own copy of react, which the live shell provides/,
      );
      // zod: one copy per page, provided through the kernel's zod subpath.
      const splitShell = {
        ...SHELL,
        kernel: { ...SHELL.kernel, provides: ['shared-kernel/api', 'shared-kernel/ui', 'shared-kernel/zod'] },
      };
      expect(gate.bundledProblems({ bundled: { packages: ['luxon', 'zod'] } }, splitShell)).toEqual([
        expect.stringMatching(/bundles its own copy of zod, which the live shell provides through shared-kernel\/zod/),
      ]);
      expect(gate.bundledProblems({ bundled: { packages: ['zod'] } }, SHELL)).toEqual([]);
      expect(gate.bundledProblems({ bundled: { kernel: ['shared-kernel/session'] } }, splitShell)).toEqual([]);
    });

    it('lets a slice bundle the API contracts (schemas, domain, time), whatever the live shell is', () => {
      const contracts = {
        bundled: { kernel: ['shared-kernel/domain', 'shared-kernel/schemas', 'shared-kernel/time'], packages: ['luxon'] },
      };
      // A shell from before the split listed the contracts among the subpaths it provides.
      const oldShell = {
        ...SHELL,
        kernel: {
          ...SHELL.kernel,
          exports: { ...SHELL.kernel.exports, 'shared-kernel/schemas': ['Product'], 'shared-kernel/domain': ['formatEuros'] },
        },
      };
      expect(gate.bundledProblems(contracts, oldShell)).toEqual([]);
      expect(
        gate.bundledProblems(contracts, { ...SHELL, kernel: { ...SHELL.kernel, provides: ['shared-kernel/api', 'shared-kernel/ui'] } }),
      ).toEqual([]);
    });

    it('refuses a slice that shares no kernel (it would bring a second router and session)', async () => {
      await liveRegistry();
      const { 'shared-kernel/': _dropped, ...withoutKernel } = GOOD_SHARED;
      await expectRefused(fakeBuild(root, { code: 'nokernel', shared: withoutKernel }), /shares no shared-kernel/);
    });

    it('refuses a slice that shares react-router itself (built before the router moved into the kernel)', async () => {
      await liveRegistry();
      await expectRefused(
        fakeBuild(root, { code: 'oldrouter', shared: { ...GOOD_SHARED, 'react-router': '^7.18.0' } }),
        /shares react-router, which the live shell provides only through shared-kernel\/router/,
      );
    });

    it("refuses a slice on the shell's federation runtime when the live shell provides none, or another minor", () => {
      const onShellRuntime = { federationRuntime: { external: true, version: '2.9.2' } };
      expect(gate.runtimeProblems(onShellRuntime, SHELL)).toEqual([expect.stringMatching(/does not provide/)]);
      expect(gate.runtimeProblems(onShellRuntime, { ...SHELL, federationRuntime: { provides: true, version: '2.9.0' } })).toEqual([]);
      expect(gate.runtimeProblems(onShellRuntime, { ...SHELL, federationRuntime: { provides: true, version: '2.10.1' } })).toEqual([
        expect.stringMatching(/2\.9\.2's runtime, the live shell provides 2\.10\.1/),
      ]);
      // A remote carrying its own runtime (built before, or standalone) runs under any shell.
      expect(gate.runtimeProblems({}, SHELL)).toEqual([]);
    });

    it('refuses a slice that imports a kernel export the live shell lacks', async () => {
      await liveRegistry();
      await expectRefused(
        fakeBuild(root, { code: 'newexport', kernelImports: { 'shared-kernel/ui': ['Button', 'FancyDialog'] } }),
        /imports FancyDialog from shared-kernel\/ui/,
      );
    });

    it('refuses a slice using the kernel overlays (dialogs, tabs) under a shell that does not provide them', () => {
      // A platform remote never bundles shared-kernel/overlays: it must come from the shell.
      const withDialog = { kernelImports: { 'shared-kernel/overlays': ['Dialog'] } };
      expect(gate.kernelExportProblems(withDialog, SHELL)).toEqual([
        expect.stringMatching(/imports shared-kernel\/overlays, which only the shell provides.*rebuild the shell first/),
      ]);
      const newShell = { ...SHELL, kernel: { version: '2.1.0', exports: { 'shared-kernel/overlays': ['Accordion', 'Dialog', 'Tabs'] } } };
      expect(gate.kernelExportProblems(withDialog, newShell)).toEqual([]);
    });

    it("refuses a route that collides with another slice's route, parameters included", async () => {
      await liveRegistry();
      await expectRefused(
        fakeBuild(root, { code: 'steal', routes: ['/auth/messages', '/public'] }),
        /route \/public collides with \/public of mf-public/,
      );
      await expectRefused(
        fakeBuild(root, { code: 'steal2', routes: ['/auth/messages', '/public/detail-view/special'] }),
        /collides with \/public\/detail-view\/:id of mf-public/,
      );
    });

    it('refuses a nav entry to a route the slice does not own', async () => {
      await liveRegistry();
      await expectRefused(
        fakeBuild(root, { code: 'nav', nav: [{ group: 'common', label: 'Avaleht', to: '/public', order: 1 }] }),
        /nav entry to \/public points at a route mf-messaging does not own/,
      );
    });

    it('refuses an invalid descriptor and a build of another remote than the one named', async () => {
      await liveRegistry();
      await expectRefused(fakeBuild(root, { code: 'bad', routes: ['auth/messages'] }), /invalid descriptor: routes must be absolute paths/);
      await expectRefused(
        fakeBuild(root, { code: 'badnav', nav: [{ group: 'sidebar', to: '/auth/messages' }] }),
        /nav\[0\]\.group must be one of/,
      );
      await expectRefused(
        fakeBuild(root, { code: 'other', name: 'mf-owner', routes: ['/auth/owner-x'], devPort: 3003 }),
        /the build is mf-owner, not mf-messaging/,
      );
    });

    it('refuses to republish a stored version', async () => {
      await liveRegistry();
      const build = fakeBuild(root, { code: 'twice' });
      await publish(build);
      await expectRefused(build, /already stored/);
    });

    it('the CLI prints the reason of a refusal and exits 1; a good build it publishes', () => {
      const shellDist = path.join(root, 'shell-dist');
      fs.mkdirSync(shellDist, { recursive: true });
      fs.writeFileSync(path.join(shellDist, 'shell-descriptor.json'), JSON.stringify(SHELL));
      const cli = (build: string) =>
        spawnSync(
          process.execPath,
          [
            'infra/scripts/registry.mjs',
            'publish',
            'mf-messaging',
            '--build-dir',
            build,
            '--shell-dist',
            shellDist,
            '--no-smoke',
            '--by',
            'cli-test',
          ],
          {
            cwd: repoRoot,
            env: { ...process.env, RENDIME_REGISTRY_DIR: reg },
            encoding: 'utf8',
          },
        );
      const good = cli(fakeBuild(root, { code: 'cli-good' }));
      expect(good.stdout).toMatch(/published mf-messaging@1\.0\.0\+[0-9a-f]{10} \(release 1\)/);
      expect(good.status).toBe(0);
      const before = production(reg);
      const bad = cli(fakeBuild(root, { code: 'cli-bad', shared: { ...GOOD_SHARED, react: '^18.2.0' } }));
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/refused: react \^18\.2\.0 is required, the live shell provides 19\.3\.1/);
      expect(production(reg)).toEqual(before);
      expect(registry.readLog(reg).map((l) => [l.action, l.who])).toEqual([
        ['publish', 'cli-test'],
        ['refuse', 'cli-test'],
      ]);
    });

    it('checks route overlap and nav ownership the way the shell matches routes', () => {
      expect(gate.routesOverlap('/auth/messages', '/auth/messages/')).toBe(true);
      expect(gate.routesOverlap('/auth/rent-product/:id', '/auth/rent-product/12')).toBe(true);
      expect(gate.routesOverlap('/otsing/*', '/otsing/haagised/rent')).toBe(true);
      expect(gate.routesOverlap('/auth/rent-product/:id', '/auth/rent-product')).toBe(false);
      expect(gate.routesOverlap('/public/kkk', '/public/blog')).toBe(false);
      expect(gate.routeMatches('/auth/detail-view/:id', '/auth/detail-view/5')).toBe(true);
      expect(gate.routeMatches('/auth/detail-view/:id', '/auth/detail-view')).toBe(false);
      expect(gate.routeMatches('/public/search-products', '/public/search-products?q=1')).toBe(true);
    });

    it('smoke-mounts a slice on a public route without parameters, or directly when it has none', async () => {
      const { publicRouteOf } = await import('../scripts/lib/smoke-mount.mjs');
      expect(publicRouteOf(['/public/customer-products/:id', '/public/kkk'])).toBe('/public/kkk');
      expect(publicRouteOf(['/auth/messages'])).toBeNull();
      expect(publicRouteOf(['/auth/contracts', '/public/rent-success'])).toBe('/public/rent-success');
    });

    it('passes the real slices with the real shell descriptor ranges', () => {
      // The five remote.json files together: no collisions, every nav entry owned.
      const manifest = { release: '1', createdAt: '', remotes: [] as never[] } as unknown as import('../scripts/lib/registry.mjs').Manifest;
      for (const name of [...SLICES]) {
        const d = {
          ...JSON.parse(fs.readFileSync(path.join(repoRoot, name, 'remote.json'), 'utf8')),
          version: '1.0.0',
          shared: GOOD_SHARED,
        };
        expect(gate.staticProblems(d, { manifest, shell: SHELL, expectedName: name })).toEqual([]);
        manifest.remotes.push({ ...d, entry: `http://x/${name}`, fallbacks: [] } as never);
      }
    });

    describe('the gate smoke-renders a server entry (issue 28, ADR 0041)', () => {
      /** A build whose `server/remoteEntry.js` is a container with this `./server` module body (JS), or the given file text. */
      function serverBuild(module: string | null, file?: string, o: FakeOptions = {}): string {
        const dir = fakeBuild(root, {
          code: `server-${buildCount}`,
          routes: ['/auth/messages', '/auth/messages/:id'],
          serverRoutes: ['/auth/messages/:id'],
          ...o,
        });
        fs.mkdirSync(path.join(dir, 'server'));
        fs.writeFileSync(
          path.join(dir, 'server', 'remoteEntry.js'),
          file ?? `module.exports = { init: async () => {}, get: async () => () => (${module}) };`,
        );
        return dir;
      }
      const PAGE = `{ status: 200, html: '<div>Sõnumid</div>', head: '', state: null }`;
      const GOOD = `{ routes: ['/auth/messages/:id'], render: async () => null, warm: async () => (${PAGE}) }`;

      it('stores and makes live a build whose server entry renders its samples, with the entry in the version folder', async () => {
        const r = await publish(serverBuild(GOOD));
        const live = registry.readManifest(reg).remotes[0]! as unknown as {
          version: string;
          entry: string;
          serverEntry?: string;
          serverRoutes?: string[];
        };
        expect(live.version).toBe(r.version);
        expect(fs.existsSync(path.join(reg, 'mf-messaging', r.version, 'server', 'remoteEntry.js'))).toBe(true);
        // The manifest records both entries of the version, and the routes the server renders.
        expect(live.serverEntry).toBe(live.entry.replace(/mf-manifest\.json$/, 'server/remoteEntry.js'));
        expect(live.serverRoutes).toEqual(['/auth/messages/:id']);
        // A version without a server entry records none.
        await publish(fakeBuild(root, { code: `plain-${buildCount}` }));
        expect(registry.readManifest(reg).remotes[0]).not.toHaveProperty('serverEntry');
      });

      it('holds the declared server routes and the server entry equal: a declaration without its entry is a broken build', async () => {
        await expectRefused(
          fakeBuild(root, {
            code: `no-server-${buildCount}`,
            routes: ['/auth/messages', '/auth/messages/:id'],
            serverRoutes: ['/auth/messages/:id'],
          }),
          /serverRoutes declares \/auth\/messages\/:id but the build has no server\/remoteEntry\.js/,
        );
        await expectRefused(
          serverBuild(GOOD, undefined, { serverRoutes: ['/auth/messages/:id', '/auth/messages'] }),
          /serverRoutes declares \/auth\/messages, which server\/remoteEntry\.js does not render/,
        );
        await expectRefused(
          serverBuild(GOOD, undefined, { serverRoutes: ['/auth/other'] }),
          /serverRoutes: \/auth\/other is not one of the descriptor's routes/,
        );
      });

      it('refuses a server entry that throws when loaded, throws in its sample render, or renders no page, naming why', async () => {
        await expectRefused(
          serverBuild(null, "throw new Error('broken build');"),
          /smoke render: server\/remoteEntry\.js does not load: broken build/,
        );
        await expectRefused(
          serverBuild(`{ routes: [], render: async () => null, warm: async () => { throw new Error('no DOM here'); } }`),
          /smoke render: server\/remoteEntry\.js throws in its sample render: no DOM here/,
        );
        await expectRefused(
          serverBuild(`{ routes: [], render: async () => null, warm: async () => ({ status: 500, html: '', head: '', state: null }) }`),
          /server\/remoteEntry\.js gave no page in its sample render \(status 500\)/,
        );
        await expectRefused(serverBuild(`{ routes: [], render: async () => null }`), /server\/remoteEntry\.js has no warm\(\)/);
        await expectRefused(serverBuild(null, 'module.exports = {};'), /server\/remoteEntry\.js is not a federation container/);
        await expectRefused(
          serverBuild(`{ routes: [], render: async () => null, warm: async () => process.exit(3) }`),
          /server\/remoteEntry\.js stopped the process \(exit 3\)/,
        );
      });

      it('refuses a server entry that renders a route the descriptor does not declare', async () => {
        await expectRefused(
          serverBuild(`{ routes: ['/auth/messages', '/public/detail-view/:id'], render: async () => null, warm: async () => (${PAGE}) }`),
          /server\/remoteEntry\.js renders \/public\/detail-view\/:id, which the descriptor's serverRoutes do not declare/,
        );
      });

      it('refuses a server entry that hangs, at the budget, without waiting for it', async () => {
        const dir = serverBuild(`{ routes: [], render: async () => null, warm: () => new Promise(() => setInterval(() => {}, 1000)) }`);
        const started = Date.now();
        expect(await gate.serverEntryProblems({ routes: [] }, dir, { budgetMs: 1500 })).toEqual([
          'smoke render: server/remoteEntry.js gave no sample render within 1500 ms',
        ]);
        expect(Date.now() - started).toBeLessThan(5000);
        // A build without a server entry has nothing to render.
        expect(await gate.serverEntryProblems({ routes: [] }, fakeBuild(root))).toEqual([]);
        // A build folder named relative to where the gate runs (the CLI's --build-dir) loads all the same.
        const near = fs.mkdtempSync(path.join(process.cwd(), '.smoke-render-'));
        try {
          const good = path.join(near, 'build');
          fs.cpSync(serverBuild(GOOD), good, { recursive: true });
          expect(
            await gate.serverEntryProblems(
              { routes: ['/auth/messages/:id'], serverRoutes: ['/auth/messages/:id'] },
              path.relative(process.cwd(), good),
            ),
          ).toEqual([]);
        } finally {
          fs.rmSync(near, { recursive: true, force: true });
        }
      });
    });
  });

  describe('the gate reads the build and the contracts, not only the descriptor (issue 27)', () => {
    const BOOKING = { name: 'mf-booking', routes: ['/auth/contracts'], devPort: 3002 };
    const PUBLIC = { name: 'mf-public', routes: ['/public', '/public/detail-view/:id'], devPort: 3001 };
    const ACCOUNT = { name: 'mf-account', routes: ['/auth/account'], devPort: 3004 };
    const contracts = (widgets: { provides?: object; consumes?: object } = {}, events: { emits?: object; listens?: object } = {}) => ({
      widgets: { provides: {}, consumes: {}, ...widgets },
      events: { emits: {}, listens: {}, ...events },
    });
    const bookingContracts = contracts(
      { provides: { 'mf-booking/booking-panel': 1 }, consumes: { 'mf-messaging/message-dialog': 1 } },
      { emits: { notice: 1, 'reservation-changed': 1 } },
    );
    const bookingBuild = (o: FakeOptions = {}) =>
      fakeBuild(root, { ...BOOKING, widgets: { './booking-panel': './src/widgets/booking-panel.tsx' }, contracts: bookingContracts, ...o });

    const publishAs = (buildDir: string, name: string) =>
      gate.publishRelease({
        registryDir: reg,
        buildDir,
        origin: `http://localhost/${name}`,
        expectedName: name,
        shell: SHELL,
        smoke: false,
        who: 'tester',
      });

    /** Live: mf-messaging (provides the message dialog), mf-booking (the booking panel), mf-public and mf-account consuming them. */
    async function liveSet() {
      await publishAs(
        fakeBuild(root, {
          code: 'live',
          widgets: { './message-dialog': './src/w.tsx' },
          contracts: contracts({ provides: { 'mf-messaging/message-dialog': 1 } }),
        }),
        'mf-messaging',
      );
      await publishAs(bookingBuild({ code: 'live' }), 'mf-booking');
      await publishAs(
        fakeBuild(root, {
          ...PUBLIC,
          contracts: contracts({ consumes: { 'mf-booking/booking-panel': 1, 'mf-messaging/message-dialog': 1 } }),
        }),
        'mf-public',
      );
      await publishAs(fakeBuild(root, { ...ACCOUNT, contracts: contracts({}, { listens: { 'reservation-changed': 1 } }) }), 'mf-account');
    }

    /** Refused with every reason matched; the manifest and stored builds byte for byte as before; one refuse line. */
    async function expectRefusedAs(name: string, buildDir: string, ...reasons: RegExp[]) {
      const before = production(reg);
      const logBefore = registry.readLog(reg).length;
      const err = await publishAs(buildDir, name).then(
        () => null,
        (e: Error) => e,
      );
      expect(err?.message).toMatch(/refused/);
      for (const r of reasons) expect(err?.message).toMatch(r);
      expect(production(reg)).toEqual(before);
      const log = registry.readLog(reg);
      expect(log).toHaveLength(logBefore + 1);
      expect(log.at(-1)).toMatchObject({ action: 'refuse', remote: name, who: 'tester' });
      for (const r of reasons) expect(log.at(-1)!.reason).toMatch(r);
    }

    it('a good build whose files, descriptor and contracts agree with the live set goes live (positive control)', async () => {
      await liveSet();
      const r = await publishAs(bookingBuild({ code: 'next' }), 'mf-booking');
      expect(registry.readManifest(reg).remotes.find((x) => x.name === 'mf-booking')).toMatchObject({
        version: r.version,
        contracts: bookingContracts,
      });
    });

    it('refuses a kernel requirement in remoteEntry.js that the descriptor hides, naming the module and both ranges', async () => {
      await liveSet();
      // The descriptor says ^2.1.0 (the live shell has 2.1.0); the runtime would ask for ^2.2.0.
      await expectRefusedAs(
        'mf-booking',
        bookingBuild({ code: 'hidden-kernel', federation: { entryRanges: { 'shared-kernel/ui': '^2.2.0' } } }),
        /shared-kernel\/ui: remoteEntry\.js requires \^2\.2\.0, the descriptor says \^2\.1\.0 \(for shared-kernel\/\)/,
        /shared-kernel\/ui: remoteEntry\.js requires \^2\.2\.0, the live shell provides shared-kernel 2\.1\.0/,
      );
    });

    it('refuses a range in mf-manifest.json that differs from the descriptor, and a shared module the descriptor does not declare', async () => {
      await liveSet();
      await expectRefusedAs(
        'mf-booking',
        bookingBuild({ code: 'manifest-react', federation: { manifestRanges: { react: '^19.4.0' } } }),
        /react: mf-manifest\.json requires \^19\.4\.0, the descriptor says \^19\.3\.0/,
        /react: mf-manifest\.json requires \^19\.4\.0, the live shell provides react 19\.3\.1/,
      );
      // zustand consumed by the runtime, shared by the shell, but absent from the descriptor.
      const sneaky = bookingBuild({ code: 'undeclared' });
      const entry = path.join(sneaky, 'remoteEntry.js');
      fs.writeFileSync(
        entry,
        fs
          .readFileSync(entry, 'utf8')
          .replace('};y.consumesLoadingData', '};y.consumesLoadingData')
          .replace(
            /}};/,
            '},999:{shareScope:["default"],singleton:!0,requiredVersion:"^5.2.0",strictVersion:!1,eager:!1,shareKey:"zustand"}};',
          ),
      );
      await expectRefusedAs(
        'mf-booking',
        sneaky,
        /zustand: remoteEntry\.js requires \^5\.2\.0, the descriptor does not share it/,
        /the live shell provides zustand 5\.1\.0/,
      );
    });

    it('refuses a build whose own files cannot say what it requires, or lack a module the descriptor declares', async () => {
      await liveSet();
      await expectRefusedAs(
        'mf-booking',
        bookingBuild({ code: 'no-manifest', files: { 'mf-manifest.json': '{}' } }),
        /mf-manifest\.json lists no shared modules/,
      );
      await expectRefusedAs(
        'mf-booking',
        bookingBuild({ code: 'no-entry', files: { 'remoteEntry.js': '/* nothing */' } }),
        /remoteEntry\.js consumes no shared module although the descriptor shares/,
      );
      await expectRefusedAs(
        'mf-booking',
        bookingBuild({ code: 'no-panel-module', federation: { exposes: ['./app'] } }),
        /\.\/booking-panel: the descriptor declares it but the build exposes no such module/,
      );
    });

    it("refuses a build whose remoteEntry.js does not expose a widget the descriptor and mf-manifest.json declare (the consumer's panel would vanish)", async () => {
      await liveSet();
      // The verifier's repro: './booking-panel' renamed in remoteEntry.js only; descriptor, contracts and mf-manifest.json untouched.
      await expectRefusedAs(
        'mf-booking',
        bookingBuild({ code: 'renamed-panel', federation: { entryExposes: ['./app', './booking-panel-x'] } }),
        /remoteEntry\.js does not expose \.\/booking-panel, which the descriptor declares \(it exposes \.\/app, \.\/booking-panel-x\)/,
      );
      // Declared only by the contracts (`mf-booking/booking-panel`), not by the descriptor's widgets: still required.
      await expectRefusedAs(
        'mf-booking',
        bookingBuild({ code: 'contract-only-panel', widgets: {}, federation: { exposes: ['./app'] } }),
        /remoteEntry\.js does not expose \.\/booking-panel, which the descriptor declares/,
      );
      await expectRefusedAs(
        'mf-booking',
        bookingBuild({ code: 'no-app', federation: { entryExposes: ['./booking-panel'] } }),
        /remoteEntry\.js does not expose \.\/app, which the descriptor declares/,
      );
    });

    it('refuses an mf-booking build without the widget mf-public consumes, naming the consumer', async () => {
      await liveSet();
      await expectRefusedAs(
        'mf-booking',
        fakeBuild(root, {
          ...BOOKING,
          code: 'no-panel',
          contracts: contracts({ consumes: { 'mf-messaging/message-dialog': 1 } }, { emits: { notice: 1, 'reservation-changed': 1 } }),
        }),
        /widget mf-booking\/booking-panel: the build no longer provides it, and the live mf-public@1\.0\.0\+[0-9a-f]{10} consumes it \(version 1\)/,
      );
    });

    it('refuses a widget contract version the live consumer was not built for', async () => {
      await liveSet();
      await expectRefusedAs(
        'mf-booking',
        bookingBuild({
          code: 'panel-v2',
          contracts: contracts(
            { provides: { 'mf-booking/booking-panel': 2 }, consumes: { 'mf-messaging/message-dialog': 1 } },
            { emits: { notice: 1, 'reservation-changed': 1 } },
          ),
        }),
        /widget mf-booking\/booking-panel: the build provides contract version 2, the live mf-public@\S+ consumes version 1/,
      );
    });

    it('refuses a release whose consumes the live set does not provide', async () => {
      await liveSet();
      await expectRefusedAs(
        'mf-public',
        fakeBuild(root, {
          ...PUBLIC,
          code: 'wants-more',
          contracts: contracts({
            consumes: { 'mf-booking/booking-panel': 1, 'mf-account/identity-check': 1, 'mf-messaging/message-dialog': 2 },
          }),
        }),
        /widget mf-account\/identity-check: the build consumes it \(version 1\), and the live mf-account@\S+ does not provide it/,
        /widget mf-messaging\/message-dialog: the build consumes contract version 2, the live mf-messaging@\S+ provides version 1/,
      );
      await expectRefusedAs(
        'mf-public',
        fakeBuild(root, { ...PUBLIC, code: 'wants-owner', contracts: contracts({ consumes: { 'mf-owner/calendar': 1 } }) }),
        /widget mf-owner\/calendar: the build consumes it \(version 1\), and no live slice provides it \(mf-owner is not live\)/,
      );
    });

    it('refuses dropping the last emitter of an event a live slice listens to, and an event payload version a listener does not share', async () => {
      await liveSet();
      await expectRefusedAs(
        'mf-booking',
        bookingBuild({
          code: 'silent',
          contracts: contracts(
            { provides: { 'mf-booking/booking-panel': 1 }, consumes: { 'mf-messaging/message-dialog': 1 } },
            { emits: { notice: 1 } },
          ),
        }),
        /event reservation-changed: the build no longer emits it, and the live mf-account@\S+ listens to it with no other live slice emitting it/,
      );
      await expectRefusedAs(
        'mf-booking',
        bookingBuild({
          code: 'event-v2',
          contracts: contracts(
            { provides: { 'mf-booking/booking-panel': 1 }, consumes: { 'mf-messaging/message-dialog': 1 } },
            { emits: { notice: 1, 'reservation-changed': 2 } },
          ),
        }),
        /event reservation-changed: the build emits contract version 2, the live mf-account@\S+ listens to version 1/,
      );
    });

    it("refuses an mf-messaging build without the unread badges the live shell renders (the shell's descriptor lists them)", async () => {
      await liveSet();
      const shell = { ...SHELL, contracts: { widgets: { consumes: { 'mf-messaging/unread-badges': 1 } } } };
      const badges = { './unread-badges': './src/b.tsx', './message-dialog': './src/w.tsx' };
      const provides = { 'mf-messaging/unread-badges': 1, 'mf-messaging/message-dialog': 1 };
      const publishMessaging = (build: string) =>
        gate.publishRelease({
          registryDir: reg,
          buildDir: build,
          origin: ORIGIN,
          expectedName: 'mf-messaging',
          shell,
          smoke: false,
          who: 'tester',
        });
      await publishMessaging(fakeBuild(root, { code: 'badges', widgets: badges, contracts: contracts({ provides }) }));
      const before = production(reg);
      await expect(
        publishMessaging(
          fakeBuild(root, {
            code: 'no-badges',
            widgets: { './message-dialog': './src/w.tsx' },
            contracts: contracts({ provides: { 'mf-messaging/message-dialog': 1 } }),
          }),
        ),
      ).rejects.toThrow(/widget mf-messaging\/unread-badges: the build no longer provides it, and the live shell renders it \(version 1\)/);
      await expect(
        publishMessaging(
          fakeBuild(root, {
            code: 'badges-v2',
            widgets: badges,
            contracts: contracts({ provides: { ...provides, 'mf-messaging/unread-badges': 2 } }),
          }),
        ),
      ).rejects.toThrow(/widget mf-messaging\/unread-badges: the build provides contract version 2, the live shell renders version 1/);
      expect(production(reg)).toEqual(before);
    });

    it('refuses a build without contracts (built before them), since nothing could be checked', async () => {
      await liveSet();
      await expectRefusedAs('mf-booking', bookingBuild({ code: 'old', contracts: null }), /contracts is missing/);
    });

    it("the real slices' declared contracts agree with each other", async () => {
      const { contractProblems } = await import('../scripts/lib/contract-check.mjs');
      const remotes = SLICES.map((name) => ({
        ...JSON.parse(fs.readFileSync(path.join(repoRoot, name, 'remote.json'), 'utf8')),
        version: '1.0.0',
      }));
      for (const d of remotes) {
        expect(d.contracts?.widgets?.provides).toBeDefined();
        expect(contractProblems(d, { release: '1', createdAt: '', remotes } as never)).toEqual([]);
      }
      // And mf-public's product page uses mf-booking's panel: a booking build without it would be refused.
      const booking = remotes.find((r) => r.name === 'mf-booking');
      const withoutPanel = { ...booking, contracts: { ...booking.contracts, widgets: { ...booking.contracts.widgets, provides: {} } } };
      expect(contractProblems(withoutPanel, { release: '1', createdAt: '', remotes } as never)).toEqual([
        expect.stringMatching(/mf-booking\/booking-panel: the build no longer provides it, and the live mf-public@1\.0\.0 consumes it/),
      ]);
    });

    it('smoke-mounts every signed-in route without a parameter, and the public one signed in too', async () => {
      const { signedInRoutesOf } = await import('../scripts/lib/smoke-mount.mjs');
      expect(signedInRoutesOf(['/auth/my-rentals', '/auth/rent-product/:id', '/public/rent-success', '/auth/contracts'])).toEqual([
        '/public/rent-success',
        '/auth/my-rentals',
        '/auth/contracts',
      ]);
      expect(signedInRoutesOf(['/auth/messages'])).toEqual(['/auth/messages']);
    });
  });

  describe('release log, fallbacks and rollback', () => {
    function storeVersions(n: number): string[] {
      return Array.from({ length: n }, (_, i) => registry.storeBuild(reg, fakeBuild(root, { code: `v${i}` })).version);
    }

    it('keeps the three versions live before as fallbacks, newest first', () => {
      const vs = storeVersions(5);
      for (const v of vs) registry.activate(reg, 'mf-messaging', v, ORIGIN, { who: 'ops' });
      const live = registry.readManifest(reg).remotes[0];
      expect(live.version).toBe(vs[4]);
      expect(live.fallbacks).toEqual([vs[3], vs[2], vs[1]].map((v) => ({ version: v, entry: `${ORIGIN}/${v}/mf-manifest.json` })));
    });

    it('rolls back to the version before, drops the bad one, and logs each step in release order', () => {
      const [a, b, c] = storeVersions(3);
      registry.activate(reg, 'mf-messaging', a, ORIGIN, { who: 'ops' });
      registry.activate(reg, 'mf-messaging', b, ORIGIN, { who: 'ops' });
      registry.activate(reg, 'mf-messaging', c, ORIGIN, { who: 'ops' });
      registry.rollback(reg, 'mf-messaging', ORIGIN, { who: 'oncall', reason: 'errors in c' });
      let live = registry.readManifest(reg).remotes[0];
      expect(live.version).toBe(b);
      expect(live.fallbacks.map((f) => f.version)).toEqual([a]);
      registry.rollback(reg, 'mf-messaging', ORIGIN, { who: 'oncall' });
      live = registry.readManifest(reg).remotes[0];
      expect(live.version).toBe(a);
      expect(() => registry.rollback(reg, 'mf-messaging', ORIGIN)).toThrow(/no earlier version/);

      const log = registry.readLog(reg);
      expect(log.map((l) => [l.release, l.action, l.version, l.previousVersion, l.who])).toEqual([
        ['1', 'activate', a, null, 'ops'],
        ['2', 'activate', b, a, 'ops'],
        ['3', 'activate', c, b, 'ops'],
        ['4', 'rollback', b, c, 'oncall'],
        ['5', 'rollback', a, b, 'oncall'],
      ]);
      expect(log[3].reason).toBe('errors in c');
    });

    it('refuses an activation against a release it did not see (compare-and-swap) and changes nothing', () => {
      const [a, b] = storeVersions(2);
      registry.activate(reg, 'mf-messaging', a, ORIGIN);
      const before = production(reg);
      expect(() => registry.activate(reg, 'mf-messaging', b, ORIGIN, { expectRelease: '0' })).toThrow(/changed meanwhile/);
      expect(production(reg)).toEqual(before);
      registry.activate(reg, 'mf-messaging', b, ORIGIN, { expectRelease: '1' });
      expect(registry.readManifest(reg)).toMatchObject({ release: '2' });
    });

    it('takes over a lock left by a process that died', () => {
      const [a] = storeVersions(1);
      fs.mkdirSync(reg, { recursive: true });
      // A pid far above any pid_max in use: nobody holds it.
      fs.writeFileSync(path.join(reg, 'release.lock'), JSON.stringify({ pid: 2 ** 30, host: os.hostname(), at: new Date().toISOString() }));
      registry.activate(reg, 'mf-messaging', a, ORIGIN);
      expect(registry.readManifest(reg).remotes[0].version).toBe(a);
      expect(fs.existsSync(path.join(reg, 'release.lock'))).toBe(false);
    });

    it('30 activations from 30 processes at once: all 30 logged in release order, the manifest shows the last', async () => {
      const vs = storeVersions(3);
      const run = (v: string, i: number) =>
        new Promise<number>((resolve, reject) => {
          const child = spawn(process.execPath, ['infra/scripts/registry.mjs', 'activate', 'mf-messaging', v, '--by', `p${i}`], {
            cwd: repoRoot,
            env: { ...process.env, RENDIME_REGISTRY_DIR: reg },
            stdio: ['ignore', 'ignore', 'pipe'],
          });
          let err = '';
          child.stderr.on('data', (d) => (err += d));
          child.on('error', reject);
          child.on('exit', (code) => (code === 0 ? resolve(code) : reject(new Error(`p${i} exited ${code}: ${err}`))));
        });
      await Promise.all(Array.from({ length: 30 }, (_, i) => run(vs[i % 3], i)));
      const log = registry.readLog(reg);
      expect(log).toHaveLength(30);
      expect(log.map((l) => l.release)).toEqual(Array.from({ length: 30 }, (_, i) => String(i + 1)));
      expect(new Set(log.map((l) => l.who)).size).toBe(30);
      // Each activation saw the one before it: no lost update.
      for (let i = 1; i < 30; i += 1) expect(log[i].previousVersion).toBe(log[i - 1].version);
      const manifest = registry.readManifest(reg);
      expect(manifest.release).toBe('30');
      expect(manifest.remotes[0].version).toBe(log[29].version);
      expect(fs.readdirSync(reg).filter((f) => f.endsWith('.tmp') || f.startsWith('release.lock'))).toEqual([]);
    }, 180_000);
  });
});
