const { createConfig } = require('infra/webpack');

module.exports = (env, argv) => createConfig({ kind: 'host', dir: __dirname }, env, argv);
