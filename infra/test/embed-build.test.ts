import path from 'node:path';

// ADR 0025: the owner widget and its loader are single files of their own beside the federated
// builds: no Module Federation runtime, no splitting, their own webpack globals, and no `clean`
// that would delete the federated build (or be deleted by it).
const repoRoot = path.resolve(__dirname, '../..');

interface Config {
  name: string;
  dependencies?: string[];
  output: { filename: string; uniqueName: string; chunkLoadingGlobal?: string; clean: boolean };
  plugins: { constructor: { name: string }; options?: { maxChunks?: number } }[];
  optimization: { splitChunks?: unknown };
}
type Factory = (env: object, argv: object) => Config | Config[];
// eslint-disable-next-line @typescript-eslint/no-require-imports
const load = (pkg: string) => require(path.join(repoRoot, pkg, 'webpack.config.cjs')) as Factory;

describe.each([
  ['mf-public', 'owner-widget.js', 'rendime_owner_widget'],
  ['shell', 'widget/loader.js', 'rendime_widget_loader'],
])('%s production build', (pkg, file, name) => {
  const configs = load(pkg)({}, { mode: 'production' }) as Config[];

  it(`builds ${file} as a second config that waits for the federated one`, () => {
    // The federated build, then the embed (mf-public's server container comes third, ADR 0041).
    expect(configs.length).toBeGreaterThanOrEqual(2);
    const [main, embed] = configs;
    expect(main.plugins.map((p) => p.constructor.name)).toContain('ModuleFederationPlugin');
    expect(embed.name).toBe(name);
    expect(embed.dependencies).toEqual([main.name]);
    expect(embed.output.filename).toBe(file);
    expect(embed.output.clean).toBe(false);
    expect(main.output.clean).toBe(true);
  });

  it('has no federation runtime, one chunk, and globals no host page or other build uses', () => {
    const embed = configs[1];
    expect(embed.plugins.map((p) => p.constructor.name)).not.toContain('ModuleFederationPlugin');
    expect(embed.plugins.find((p) => p.constructor.name === 'LimitChunkCountPlugin')?.options?.maxChunks).toBe(1);
    expect(embed.optimization.splitChunks).toBe(false);
    expect(embed.output.uniqueName).toBe(name);
    expect(embed.output.chunkLoadingGlobal).toBe(`webpackChunk_${name}`);
    expect(configs[0].output.uniqueName).not.toBe(name);
  });

  it('leaves the dev server with the federated build only', () => {
    const served = load(pkg)({ WEBPACK_SERVE: true }, { mode: 'development' });
    expect(Array.isArray(served)).toBe(false);
  });
});

it('declares the widget in remote.json where the loader looks for it', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const descriptor = require(path.join(repoRoot, 'mf-public/remote.json')) as { embeds?: Record<string, string> };
  expect(descriptor.embeds).toEqual({ 'owner-widget': 'owner-widget.js' });
});

// ADR 0041: mf-public's server container is a third config: a Node federation container in the
// version folder's server/, after the federated build's clean, with the Node runtime plugin.
describe('mf-public server container build', () => {
  const configs = load('mf-public')({}, { mode: 'production' }) as (Config & {
    target?: unknown;
    output: { path: string; library?: { type: string } };
  })[];
  const server = configs.find((c) => c.name === 'mf_public_server');

  it('builds server/remoteEntry.js for Node with the federation Node runtime, after the browser build', () => {
    expect(server).toBeDefined();
    expect(server!.target).toBe('async-node');
    expect(server!.dependencies).toEqual([configs[0]!.name]);
    expect(server!.output.path).toBe(path.join(repoRoot, 'mf-public/dist/server'));
    expect(server!.output.library?.type).toBe('commonjs-module');
    expect(server!.output.clean).toBe(false);
    const federation = server!.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin') as unknown as {
      _options: { exposes: Record<string, string>; runtimePlugins: string[]; shared: object };
    };
    expect(federation._options.exposes).toEqual({ './server': './src/server/render-page.tsx' });
    expect(federation._options.runtimePlugins).toEqual([expect.stringContaining('@module-federation/node')]);
    // It shares nothing: no browser singleton is involved on the server.
    expect(federation._options.shared).toEqual({});
  });
});
