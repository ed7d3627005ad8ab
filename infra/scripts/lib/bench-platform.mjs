// The platform as every front-end benchmark runs it: production builds published into a fresh
// registry of its own, started on the benchmark's own ports, and one headless chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const QUIET_CHROMIUM = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * @param {{ name: string, shellPort: number }} options  name: the tmp folder; the API listens on shellPort + 100
 * @returns {Promise<{ cfg: object, platform: { stop(): Promise<void>, api: import('node:child_process').ChildProcess }, browser: import('playwright-core').Browser, shellPort: number, stop(): Promise<void> }>}
 */
export async function startBenchPlatform({ name, shellPort }) {
  process.env.RENDIME_SHELL_PORT ||= String(shellPort);
  process.env.RENDIME_API_PORT ||= String(Number(process.env.RENDIME_SHELL_PORT) + 100);
  process.env.RENDIME_REGISTRY_DIR ||= path.join(os.tmpdir(), name, 'registry');
  process.env.RENDIME_API_DATA_DIR ||= path.join(os.tmpdir(), name, 'api-data');
  // Read after the ports are set: the config takes them from the environment.
  const { platformConfig } = await import('./config.mjs');
  const { publishAll, startPlatform } = await import('./platform.mjs');

  const cfg = platformConfig();
  fs.rmSync(path.dirname(cfg.registryDir), { recursive: true, force: true });
  publishAll(cfg);
  const platform = await startPlatform(cfg, { dataDir: cfg.apiDataDir, quiet: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: QUIET_CHROMIUM });
  return {
    cfg,
    platform,
    browser,
    shellPort: Number(process.env.RENDIME_SHELL_PORT),
    async stop() {
      await browser.close();
      await platform.stop();
    },
  };
}

/** Lighthouse's mobile profile: 4x CPU, 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up. */
export const MOBILE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpu: 4 };

/**
 * Applies the mobile profile to a page through its CDP session, with the cache off (a cold load).
 * @param {import('playwright-core').CDPSession} cdp
 */
export async function throttleToMobile(cdp) {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE.latency,
    downloadThroughput: MOBILE.downloadThroughput,
    uploadThroughput: MOBILE.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpu });
}
