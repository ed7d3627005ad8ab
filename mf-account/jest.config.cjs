const { jestConfig } = require('infra/jest-preset');

module.exports = jestConfig({ rootDir: __dirname, environment: 'jsdom' });
