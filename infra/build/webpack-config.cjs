// Build factory shared by the shell and every remote: the same loaders, minifier and Module
// Federation sharing everywhere, so a slice's team only declares what it owns.
const path = require('node:path');
const fs = require('node:fs');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedDeps } = require('./shared-deps.cjs');

/**
 * node_modules packages of the shell's start, bundled in one file (see splitChunks below). Named one
 * by one: the group has no size guard, so a package matched here lands in that file on every page
 * even if only a lazily loaded part of the site uses it.
 */
const START_LIBRARIES = new RegExp(
  `[\\\\/]node_modules[\\\\/](${[
    'react',
    'react-dom',
    'scheduler',
    'react-router',
    '@tanstack[\\\\/](query-core|react-query)',
    'single-spa',
    'single-spa-react',
    'zustand',
    'use-sync-external-store',
    '@emotion[\\\\/][^\\\\/]+',
    'stylis',
    'hoist-non-react-statics',
    'react-is',
    '@babel[\\\\/]runtime',
  ].join('|')})[\\\\/]`,
);
const { DescriptorPlugin, ShellDescriptorPlugin } = require('./descriptor-plugin.cjs');
const { PrecompressPlugin } = require('./precompress-plugin.cjs');

const { CHAKRA_PATCHED } = require('./chakra-start-loader.cjs');

const API_PORT = Number(process.env.API_PORT || 3100);

function swcRule(devJsx, refresh) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          // The dev JSX runtime is not shared, so only a standalone dev build may use it; a dev build
          // loaded into the platform must call the shared react/jsx-runtime.
          // `refresh` registers components for React Fast Refresh (dev servers only).
          transform: { react: { runtime: 'automatic', development: devJsx, refresh } },
          target: 'es2020',
        },
      },
    },
  };
}

/**
 * @param {object} opts
 * @param {'host'|'remote'} opts.kind
 * @param {string} opts.dir package directory (__dirname of the webpack.config)
 * @param {Record<string, string>} [opts.exposes] for remotes
 * @param {object} env webpack --env
 * @param {object} argv webpack argv
 */
function createConfig(opts, env = {}, argv = {}) {
  const production = argv.mode !== 'development';
  const pkg = JSON.parse(fs.readFileSync(path.join(opts.dir, 'package.json'), 'utf8'));
  const version = process.env.APP_VERSION || pkg.version;
  const isRemote = opts.kind === 'remote';
  const descriptor = isRemote ? JSON.parse(fs.readFileSync(path.join(opts.dir, 'remote.json'), 'utf8')) : null;
  const scope = isRemote ? descriptor.scope : 'shell';
  const standalone = Boolean(env.standalone);
  const shared = sharedDeps(opts.dir, !isRemote ? 'host' : standalone ? 'standalone' : 'remote');
  // A package's own src/favicon.svg (the shell's) is emitted beside index.html and linked from it.
  const favicon = path.join(opts.dir, 'src/favicon.svg');
  // `webpack serve` (dev servers): hot module replacement with React Fast Refresh, inside the
  // integrated shell too (ADR 0021). RENDIME_REFRESH=0 falls back to plain live reload.
  const serving = !production && Boolean(env.WEBPACK_SERVE);
  const refresh = serving && process.env.RENDIME_REFRESH !== '0';
  // Dev ports never clash with `npm start` (shell 3000, remotes 3001-3005): shell 5000, remotes 5001-5005.
  // RENDIME_DEV_PORT moves one slice's dev server (the standalone-dev journey runs on free ports).
  const devPort = isRemote
    ? Number(process.env.RENDIME_DEV_PORT || descriptor.devPort)
    : Number(process.env.RENDIME_SHELL_DEV_PORT || 5000);
  // A standalone slice's `/` opens its first page that needs no parameter (a blank page told a
  // team nothing).
  const firstRoute = isRemote ? descriptor.routes.find((r) => !r.includes(':')) : undefined;

  return {
    // Named, so an embed's build (createEmbedConfig) can wait for this one and its `clean`.
    name: scope,
    mode: production ? 'production' : 'development',
    context: opts.dir,
    entry: { main: './src/index.ts' },
    // Production maps stay beside the build (for error reports), unreferenced and never served (issue 15).
    // A dev remote loaded into the platform runs under the shell's CSP, which has no 'unsafe-eval':
    // its maps are separate files instead of eval'd modules.
    devtool: production ? 'hidden-source-map' : isRemote && !standalone ? 'cheap-module-source-map' : 'eval-cheap-module-source-map',
    output: {
      path: process.env.OUT_DIR ? path.resolve(process.env.OUT_DIR) : path.join(opts.dir, 'dist'),
      // Remotes resolve their chunks relative to their own entry; the shell serves every page path,
      // and so does a standalone remote's dev server (its index.html is answered on every page path,
      // where a relative `main.js` would 404).
      publicPath: isRemote && !standalone ? 'auto' : '/',
      // The entry names are fixed because the release manifest points at them; chunks carry hashes.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: scope,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      conditionNames: ['browser', 'import', 'module', 'require', 'default'],
    },
    module: {
      rules: [
        swcRule(!production && standalone, refresh),
        { test: CHAKRA_PATCHED, loader: require.resolve('./chakra-start-loader.cjs') },
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(png|jpe?g|svg|webp)$/, type: 'asset' },
        { test: /\.geojson$/, type: 'json' },
      ],
    },
    optimization: {
      minimize: production,
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } })],
      // The shell's zod (the library and the kernel's shared-kernel/zod around it) is one file, loaded
      // by the first page that needs it: the front page needs none (issue 28), and split in two it
      // would cost the pages that do a second request.
      ...(!isRemote && production
        ? {
            splitChunks: {
              cacheGroups: {
                zod: {
                  // Not the catalogue's wording of zod's issues (zod-free): the forms export it, and a
                  // page that shows a form loads no zod before the form's first check.
                  test: /[\\/](node_modules[\\/]\.pnpm[\\/]zod@[^\\/]+[\\/]node_modules[\\/]zod|shared-kernel[\\/]src[\\/]zod)[\\/](?!issue-message\.ts$)/,
                  name: 'zod',
                  chunks: 'async',
                  enforce: true,
                },
                // The libraries every page starts with (React, its DOM, the router, TanStack Query,
                // single-spa, zustand, Emotion) are one file: each shared module was a file of its
                // own, and main.js's first task appended a script element for each (issue 28).
                // Chakra's parts stay apart: the overlays' share them, and a page loads those later.
                start: {
                  test: START_LIBRARIES,
                  name: 'start',
                  chunks: 'async',
                  enforce: true,
                },
              },
            },
          }
        : {}),
    },
    performance: { hints: false },
    plugins: [
      new webpack.DefinePlugin({
        __APP_NAME__: JSON.stringify(pkg.name),
        __APP_VERSION__: JSON.stringify(version),
        __STANDALONE__: JSON.stringify(standalone),
        // Sandbox stand-ins (the unsigned Google sign-in form) only in dev builds and the local
        // platform's (RENDIME_SANDBOX=1 from infra/scripts): a production build compiles them out.
        __SANDBOX__: JSON.stringify(!production || process.env.RENDIME_SANDBOX === '1'),
      }),
      new ModuleFederationPlugin({
        name: scope,
        ...(isRemote ? { filename: 'remoteEntry.js', exposes: opts.exposes ?? {} } : {}),
        shared,
        // Remotes are only fetched when a route or widget needs them, and a dead one cannot stop
        // the shell from starting.
        shareStrategy: 'loaded-first',
        manifest: isRemote ? { fileName: 'mf-manifest.json' } : false,
        dts: false,
        // One federation runtime per page (ADR 0023): the shell publishes its runtime core on the
        // page and a remote's entry uses it instead of carrying its own (about 25 KB brotli each).
        // A standalone remote has no shell around it, so it keeps its own runtime.
        // `target: 'web'`: the runtime's Node branches (script loading by fetch and vm) compiled out of
        // a build that only ever runs in a browser; the server containers are built by createServerConfig.
        experiments: {
          ...(isRemote ? { externalRuntime: !standalone } : { provideExternalRuntime: true }),
          optimization: { target: 'web' },
        },
      }),
      ...(isRemote
        ? [new DescriptorPlugin({ descriptor, version, shared, packageName: pkg.name, externalRuntime: !standalone })]
        : [
            new ShellDescriptorPlugin({
              version,
              shared,
              contractsFile: fs.existsSync(path.join(opts.dir, 'src/shell-contracts.ts'))
                ? path.join(opts.dir, 'src/shell-contracts.ts')
                : undefined,
            }),
          ]),
      ...(refresh ? refreshPlugins(scope) : []),
      ...(production ? [new PrecompressPlugin()] : []),
      ...(!isRemote || standalone
        ? [
            new HtmlWebpackPlugin({
              template: path.join(opts.dir, 'src/index.html'),
              scriptLoading: 'defer',
              inject: 'head',
              favicon: fs.existsSync(favicon) ? favicon : false,
              // The shell's page carries the kernel system's global CSS (ADR 0055): no page computes
              // and inserts it at start-up. A standalone slice renders its own (its template has none).
              // A dev server's page leaves it empty: the shell then computes it from the kernel it runs,
              // so an edit of the theme shows without regenerating the file and restarting.
              ...(isRemote ? {} : { templateParameters: { platformGlobalsCss: serving ? '' : platformGlobalsCss(opts.dir) } }),
            }),
          ]
        : []),
    ],
    devServer: {
      port: devPort,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      hot: serving,
      liveReload: true,
      proxy: [{ context: ['/api'], target: `http://127.0.0.1:${API_PORT}`, pathRewrite: { '^/api': '' } }],
      // A remote's code runs on the shell's page, whose address is not the dev server's: the HMR
      // socket must name the dev server, or it would knock on the shell's origin.
      client: {
        overlay: false,
        ...(isRemote ? { webSocketURL: { protocol: 'ws', hostname: 'localhost', port: devPort, pathname: '/ws' } } : {}),
      },
      // dev-local.mjs hands the dev shell a release manifest pointing at the dev remotes.
      setupMiddlewares: (middlewares) => {
        if (standalone && firstRoute) {
          middlewares.unshift({
            name: 'rendime-standalone-root',
            middleware: (req, res, next) => {
              if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/') return next();
              res.statusCode = 302;
              res.setHeader('Location', firstRoute + (req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''));
              res.end();
            },
          });
        }
        const manifest = !isRemote && process.env.RENDIME_DEV_MANIFEST;
        if (manifest) {
          middlewares.unshift({
            name: 'rendime-dev-manifest',
            path: '/release-manifest.json',
            middleware: (_req, res) => {
              res.setHeader('Cache-Control', 'no-store');
              // Written once every dev remote has compiled; until then the shell shows its manifest error.
              if (!fs.existsSync(manifest)) {
                res.statusCode = 503;
                res.end();
                return;
              }
              res.setHeader('Content-Type', 'application/json');
              res.end(fs.readFileSync(manifest));
            },
          });
        }
        return middlewares;
      },
    },
    stats: 'errors-warnings',
  };
}

/**
 * The kernel's platform-globals.css (generated from its Chakra system and held equal to it by the
 * kernel's tests), for the shell's index.html. Refused if it could close the style element.
 * @param {string} dir the shell's package directory (it resolves the kernel it depends on)
 * @param {string} [file] the CSS file (tests give another)
 */
function platformGlobalsCss(dir, file = require.resolve('shared-kernel/ui/platform-globals.css', { paths: [dir] })) {
  const css = fs.readFileSync(file, 'utf8').trim();
  if (/<\/style/i.test(css)) throw new Error('shared-kernel/ui/platform-globals.css must not contain </style');
  return css;
}

/**
 * React Fast Refresh for a dev server. Every federated build on the page has its own webpack
 * runtime, so each gets its own refresh namespace (`library`). Refresh needs React's development
 * build on the page (the dev shell's); a dev remote inside a production shell (npm start plus a
 * per-browser override) falls back to a full reload on every update (hmr-support.cjs).
 */
function refreshPlugins(scope) {
  const ReactRefreshPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
  return [
    new ReactRefreshPlugin({ library: scope, overlay: false }),
    new webpack.EntryPlugin(__dirname, require.resolve('./hmr-support.cjs'), { name: undefined }),
  ];
}

/**
 * A script that runs on other websites (a remote's `embeds`, or the shell's widget loader): one
 * self-contained file next to the package's federated build. No Module Federation runtime, no
 * shared React, no chunk splitting; its own `uniqueName` and chunk-loading global so it can never
 * meet a webpack runtime of the host page (or of the platform) on `window`. It waits for the
 * package's main build (`dependencies`), whose `output.clean` would otherwise delete it.
 * @param {object} opts
 * @param {string} opts.dir package directory
 * @param {string} opts.name unique name of the embed, e.g. 'rendime_owner_widget'
 * @param {string} opts.entry entry module, relative to dir
 * @param {string} opts.filename output file, relative to the package's dist (e.g. 'owner-widget.js', 'widget/loader.js')
 * @param {string} opts.after the `name` of the package's main config
 * @param {object} _env webpack --env (unused: embeds have no dev server)
 * @param {object} argv webpack argv
 */
function createEmbedConfig(opts, _env = {}, argv = {}) {
  const production = argv.mode !== 'development';
  const pkg = JSON.parse(fs.readFileSync(path.join(opts.dir, 'package.json'), 'utf8'));
  const version = process.env.APP_VERSION || pkg.version;
  return {
    name: opts.name,
    dependencies: [opts.after],
    mode: production ? 'production' : 'development',
    context: opts.dir,
    entry: { [opts.name]: opts.entry },
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    target: ['web', 'es2020'],
    output: {
      path: process.env.OUT_DIR ? path.resolve(process.env.OUT_DIR) : path.join(opts.dir, 'dist'),
      filename: opts.filename,
      publicPath: 'auto',
      uniqueName: opts.name,
      chunkLoadingGlobal: `webpackChunk_${opts.name}`,
      iife: true,
      clean: false,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      conditionNames: ['browser', 'import', 'module', 'require', 'default'],
    },
    module: { rules: [swcRule(false, false), { test: /\.css$/, type: 'asset/source' }] },
    optimization: {
      minimize: production,
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } })],
      splitChunks: false,
      runtimeChunk: false,
    },
    plugins: [
      // One file: a dynamic import() in an embed would be a second request from a host page.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      ...(production ? [new PrecompressPlugin()] : []),
      new webpack.DefinePlugin({
        __APP_NAME__: JSON.stringify(pkg.name),
        __APP_VERSION__: JSON.stringify(version),
        __STANDALONE__: 'false',
        __SANDBOX__: 'false',
      }),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * A slice's server container (ADR 0041): the routes it renders on the server, built for Node next
 * to its browser build and published in the same immutable version folder (`server/`). A Module
 * Federation container (`remoteEntry.js`, `commonjs-module`, target `async-node`) with the Node
 * runtime plugin, so its chunks load from beside the entry (a registry folder) or over HTTP (a CDN).
 * It shares nothing: the shell's server is not React, so React, Chakra and the kernel are bundled,
 * and no singleton of the browser page is involved.
 * @param {object} opts
 * @param {string} opts.dir package directory
 * @param {string} opts.entry the exposed module, relative to dir (exposed as `./server`)
 * @param {string} opts.after the `name` of the package's main config (its `clean` runs first)
 * @param {object} _env webpack --env
 * @param {object} argv webpack argv
 */
function createServerConfig(opts, _env = {}, argv = {}) {
  const production = argv.mode !== 'development';
  const pkg = JSON.parse(fs.readFileSync(path.join(opts.dir, 'package.json'), 'utf8'));
  const version = process.env.APP_VERSION || pkg.version;
  const descriptor = JSON.parse(fs.readFileSync(path.join(opts.dir, 'remote.json'), 'utf8'));
  const outDir = process.env.OUT_DIR ? path.resolve(process.env.OUT_DIR) : path.join(opts.dir, 'dist');
  const name = `${descriptor.scope}_server`;
  return {
    name,
    dependencies: [opts.after],
    mode: production ? 'production' : 'development',
    context: opts.dir,
    target: 'async-node',
    entry: {},
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    output: {
      path: path.join(outDir, 'server'),
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: name,
      publicPath: 'auto',
      library: { type: 'commonjs-module' },
      clean: false,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // Node builds of Emotion and React (server rendering writes Emotion's style tags inline).
      conditionNames: ['node', 'import', 'module', 'require', 'default'],
    },
    module: {
      rules: [
        swcRule(false, false),
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(png|jpe?g|svg|webp)$/, type: 'asset/inline' },
        { test: /\.geojson$/, type: 'json' },
      ],
    },
    // Names kept for readable stack traces in the shell server's log; comments go (libraries' own
    // `sourceMappingURL` comments would be public map links: the folder is served like the browser build's).
    optimization: {
      minimize: production,
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: false, mangle: false } })],
    },
    performance: { hints: false },
    plugins: [
      new webpack.DefinePlugin({
        __APP_NAME__: JSON.stringify(pkg.name),
        __APP_VERSION__: JSON.stringify(version),
        __STANDALONE__: 'false',
        __SANDBOX__: JSON.stringify(!production || process.env.RENDIME_SANDBOX === '1'),
      }),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module', name },
        remoteType: 'script',
        exposes: { './server': opts.entry },
        shared: {},
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        manifest: false,
        dts: false,
      }),
    ],
    stats: 'errors-warnings',
  };
}

module.exports = { platformGlobalsCss, createConfig, createEmbedConfig, createServerConfig };
