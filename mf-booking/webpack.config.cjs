const { createConfig } = require('infra/webpack');
const descriptor = require('./remote.json');

module.exports = (env, argv) =>
  createConfig({ kind: 'remote', dir: __dirname, exposes: { './app': './src/app.tsx', ...descriptor.widgets } }, env, argv);
