import path from 'node:path';
import { defineConfig } from '@playwright/test';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { baseUrl } = require('./support/e2e-env.cjs') as { baseUrl: string };

// The journeys drive Debian's chromium (installed by infra/scripts/lib/system-deps.mjs), never a
// downloaded browser, against the production builds started once for the whole run.
export default defineConfig({
  testDir: '.',
  testMatch: '*.e2e.ts',
  globalSetup: './support/global-setup.cjs',
  globalTeardown: './support/global-teardown.cjs',
  outputDir: path.join(__dirname, 'results'),
  // One worker: the platform (shell, five remotes, API) and chromium already share CI's two cores,
  // and some journeys stop a remote or switch its live version, which a parallel journey would see.
  workers: 1,
  fullyParallel: false,
  // A flaky journey is a bug to fix, not to retry away.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // `list` prints each failure with its trace path and the `show-trace` command; no HTML report,
  // since nobody opens one on CI.
  reporter: [['list']],
  use: {
    baseURL: baseUrl,
    browserName: 'chromium',
    headless: true,
    locale: 'et-EE',
    viewport: { width: 1280, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      // Keep Debian's chromium quiet on a machine with no outside network.
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
});
