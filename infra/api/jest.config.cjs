const { jestConfig } = require('shared-kernel/jest-preset');

const base = jestConfig({ rootDir: __dirname, environment: 'node' });

module.exports = {
  ...base,
  // light-my-request (fastify.inject) requires the ESM-only `cookie` 2; Node 20 loads it natively
  // but jest's module runtime does not, so swc transpiles it like the preset's ESM packages.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(zod|cookie)[@/+])'],
  // The first suite builds the PGlite template database (migrations + demo data), slow on a cold 2-core machine.
  testTimeout: 60000,
};
