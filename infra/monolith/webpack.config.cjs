// The benchmark's baseline (issue 16, acceptance 4): the shell's chrome and mf-public's pages, plus
// the widgets those pages embed, as one ordinary webpack build without Module Federation. Same
// sources, loaders, minifier and lazy boundaries as the federated builds, so the difference the
// benchmark measures is what federation and the slice split cost.
const path = require('node:path');
const fs = require('node:fs');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
// The federated builds' precompressed copies too, so the comparison is of code, not of encoders.
const { PrecompressPlugin } = require('../build/precompress-plugin.cjs');

const repoRoot = path.resolve(__dirname, '../..');
// The slices from the repo's one list (slices.json). mf-owner is left out on purpose: the baseline
// is the public pages, and none of them embeds an mf-owner page or widget (src/index.tsx lists the
// widgets it does embed). A slice added later is aliased here unless it is excluded the same way.
const NOT_ON_PUBLIC_PAGES = ['mf-owner'];
const { slices: allSlices } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'slices.json'), 'utf8'));
const slices = ['shell', ...allSlices.filter((/** @type {string} */ s) => !NOT_ON_PUBLIC_PAGES.includes(s))];

// A slice names itself through __APP_NAME__/__APP_VERSION__; here each module gets its own package's.
/**
 * @param {string} resource
 */
function packageOf(resource) {
  const rel = path.relative(repoRoot, resource || '');
  const pkg = rel.split(path.sep)[0];
  const file = path.join(repoRoot, pkg, 'package.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { name: 'monolith', version: '0.0.0' };
}

module.exports = (/** @type {any} */ _env, /** @type {{ mode: string; }} */ argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: __dirname,
    entry: { main: './src/index.tsx' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(__dirname, 'dist'),
      publicPath: '/',
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      conditionNames: ['browser', 'import', 'module', 'require', 'default'],
      alias: Object.fromEntries(slices.map((s) => [`@monolith/${s}`, path.join(repoRoot, s, 'src')])),
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2020' },
            },
          },
        },
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(png|jpe?g|svg|webp)$/, type: 'asset' },
        { test: /\.geojson$/, type: 'json' },
      ],
    },
    optimization: {
      minimize: production,
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } })],
    },
    performance: { hints: false },
    plugins: [
      new webpack.DefinePlugin({
        __APP_NAME__: webpack.DefinePlugin.runtimeValue(({ module }) => JSON.stringify(packageOf(module.resource).name), true),
        __APP_VERSION__: webpack.DefinePlugin.runtimeValue(({ module }) => JSON.stringify(packageOf(module.resource).version), true),
        __STANDALONE__: JSON.stringify(false),
      }),
      ...(production ? [new PrecompressPlugin()] : []),
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'src/index.html'),
        scriptLoading: 'defer',
        inject: 'head',
        favicon: path.join(repoRoot, 'shell/src/favicon.svg'),
      }),
    ],
    stats: 'errors-warnings',
  };
};
