const { jestConfig } = require('shared-kernel/jest-preset');

const base = jestConfig({ rootDir: __dirname, environment: 'node' });

module.exports = {
  ...base,
  // light-my-request (fastify.inject) requires the ESM-only `cookie` 2, @fastify/static (under the
  // docs page) the ESM-only `content-disposition` 3, and the Google token check the ESM-only `jose`;
  // Node 20 loads them natively but jest's module runtime does not, so swc transpiles them like the
  // preset's ESM packages.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(zod|cookie|content-disposition|jose)[@/+])'],
  // The first suite builds the PGlite template database (migrations + demo data), slow on a cold 2-core machine.
  testTimeout: 60000,
};
