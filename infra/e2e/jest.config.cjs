const { jestConfig } = require('shared-kernel/jest-preset');

const base = jestConfig({ rootDir: __dirname, environment: 'node' });
module.exports = {
  ...base,
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  globalSetup: '<rootDir>/support/global-setup.cjs',
  globalTeardown: '<rootDir>/support/global-teardown.cjs',
  testTimeout: 120000,
  maxWorkers: 1,
};
