import path from 'node:path';
import { defineConfig } from '@playwright/test';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { baseUrl } = require('./support/e2e-env.cjs') as { baseUrl: string };

// The journeys drive Debian's chromium (installed by infra/scripts/lib/system-deps.mjs), never a
// downloaded browser, against the production builds started once for the whole run.
// The second lane (ADR 0037): the journeys that start servers of their own (support/own-platform.ts,
// production-topology.ts, tls-front.ts, standalone dev servers), and journeys that only need a
// platform with the demo data, which run there on one started for the lane (fixtures' laneOrigin).
// Everything that stops a remote, switches a live version or moves the shared API's clock stays
// on the shared platform, one journey at a time.
const SECOND_LANE =
  /(accessibility|browser-walk-partials|faults|first-visit|messaging|operator-disputes|prices|production-profile|production-topology|replica-crash|replicas|standalone-dev)\.e2e\.ts$/;

export default defineConfig({
  testDir: '.',
  testMatch: '*.e2e.ts',
  globalSetup: './support/global-setup.cjs',
  globalTeardown: './support/global-teardown.cjs',
  outputDir: path.join(__dirname, 'results'),
  // Two lanes side by side (ADR 0037), one worker each: CI has two cores, and the journeys of one
  // platform would see each other's bookings, stopped remotes and clock moves.
  workers: 2,
  fullyParallel: false,
  projects: [
    { name: 'shared-platform', testIgnore: SECOND_LANE, workers: 1 },
    // The name is fixtures' SECOND_PLATFORM_LANE (this config cannot import the fixtures).
    { name: 'second-platform', testMatch: SECOND_LANE, workers: 1 },
  ],
  // A flaky journey is a bug to fix, not to retry away.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // `list` prints each failure with its trace path and the `show-trace` command; no HTML report,
  // since nobody opens one on CI.
  // The failure list is printed again by `npm test`'s summary, the part of the log CI keeps.
  reporter: [['list'], ['./support/failure-list-reporter.cjs', { outputFile: path.join(__dirname, 'results', 'failed-journeys.txt') }]],
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
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
});
