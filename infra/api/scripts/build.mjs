#!/usr/bin/env node
// The production artefact of the API: dist/server.js, run with plain `node` (no tsx at run time).
// The API's own sources and the shared-kernel sources it imports (TypeScript, as the kernel ships
// them) are bundled; every npm package stays an ordinary require() from node_modules, because
// several of them find files beside their own code (PGlite's WASM, sharp's binary, pdfkit's fonts,
// swagger-ui's assets). The migrations (drizzle/) are read from the package folder at run time.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import webpack from 'webpack';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const BUNDLED = /^shared-kernel(\/|$)/;

/** @type {import('webpack').Configuration} */
const config = {
  mode: 'production',
  target: 'node20',
  context: apiDir,
  entry: { server: './src/server.ts' },
  devtool: 'source-map',
  output: { path: path.join(apiDir, 'dist'), filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
  resolve: { extensions: ['.ts', '.js', '.json'], conditionNames: ['node', 'require', 'default'] },
  externalsPresets: { node: true },
  externals: [
    ({ request }, callback) => {
      if (request && /^[@a-z]/i.test(request) && !BUNDLED.test(request)) return callback(undefined, `commonjs ${request}`);
      return callback();
    },
  ],
  module: {
    rules: [
      {
        test: /\.ts$/,
        exclude: /node_modules/,
        use: { loader: require.resolve('swc-loader'), options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } } },
      },
    ],
  },
  // The bundle's real folder, so packageRoot() finds drizzle/ from dist/.
  node: { __dirname: false, __filename: false },
  // A server bundle is read once at start; readable stack traces matter more than bytes.
  optimization: { minimize: false },
  performance: { hints: false },
};

webpack(config, (error, stats) => {
  if (error || !stats) {
    console.error(error ?? 'webpack gave no result');
    process.exit(1);
  }
  console.log(stats.toString({ colors: false, modules: false, assets: true, chunks: false, children: false }));
  if (stats.hasErrors()) process.exit(1);
});
