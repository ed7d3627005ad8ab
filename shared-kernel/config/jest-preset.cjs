// One jest setup for every package: swc transpiles TS/TSX, so tests run the same code the builds ship.
const path = require('node:path');

/** @param {{ environment?: 'node' | 'jsdom', rootDir: string, setupFiles?: string[] }} opts */
function jestConfig(opts) {
  const environment = opts.environment ?? 'jsdom';
  return {
    rootDir: opts.rootDir,
    testEnvironment: environment === 'jsdom' ? 'jest-environment-jsdom' : 'node',
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx', '<rootDir>/test/**/*.test.ts'],
    transform: {
      '^.+\\.[mc]?[tj]sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ESM-only packages (OpenLayers and friends, lucide's one-file-per-icon modules) must be transpiled too.
    transformIgnorePatterns: [
      '/node_modules/(?!(\\.pnpm/)?(ol|lucide-react|color-space|color-rgba|color-parse|color-name|rbush|quickselect|earcut|pbf|geotiff|zod)[@/+])',
    ],
    // Build-time switches (infra/build/webpack-config.cjs): tests run as a dev build does.
    globals: { __SANDBOX__: true, __STANDALONE__: false },
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    setupFilesAfterEnv: [
      path.join(__dirname, 'jest-setup-console.cjs'),
      ...(environment === 'jsdom' ? [path.join(__dirname, 'jest-setup-dom.cjs')] : []),
      ...(opts.setupFiles ?? []),
    ],
  };
}

module.exports = { jestConfig };
