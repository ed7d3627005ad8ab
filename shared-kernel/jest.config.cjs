const { jestConfig } = require('./config/jest-preset.cjs');

module.exports = jestConfig({ rootDir: __dirname, environment: 'jsdom' });
