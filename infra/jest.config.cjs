const { jestConfig } = require('shared-kernel/jest-preset');

module.exports = { ...jestConfig({ rootDir: __dirname, environment: 'node' }), testTimeout: 60000 };
