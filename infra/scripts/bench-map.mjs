#!/usr/bin/env node
// Map search under load: frame (render) time of a zoom step with 2,000 and with 20,000 products
// on the map, in the same browser run. Markers are injected into the page's map through its test
// handle (the API's markers call is bounded at 5,000 per answer by design). Prints figures only.
//   node infra/scripts/bench-map.mjs   (production builds first; own ports 7060/7160)
import { startBenchPlatform } from './lib/bench-platform.mjs';

const { browser, stop } = await startBenchPlatform({ name: 'rendime-bench-map', shellPort: 7060 });
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.addInitScript(() => localStorage.setItem('rendime.cookiesAccepted', 'true'));
  await page.goto(`http://127.0.0.1:${process.env.RENDIME_SHELL_PORT}/public/search-products?cat=1`);
  await page.waitForFunction(() => Boolean(/** @type {any} */ (document.querySelector('[data-map-ready]'))?.__rendimeMap), null, {
    timeout: 60000,
  });
  const results = {};
  for (const count of [2000, 20000, 2000, 20000]) {
    const stepMs = await page.evaluate((n) => {
      const handle = /** @type {any} */ (document.querySelector('[data-map-ready]')).__rendimeMap;
      // Deterministic points scattered over Estonia's bounding box.
      let seed = 42;
      const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
      const points = Array.from({ length: n }, (_, i) => ({
        id: i + 1,
        title: `Toode ${i}`,
        imageUrl: null,
        priceDaily: 10,
        lat: 57.6 + rnd() * 2.1,
        lon: 22 + rnd() * 6,
      }));
      handle.setPoints(points);
      handle.renderSync();
      const samples = [];
      for (let i = 0; i < 6; i++) samples.push(handle.zoomStep(i % 2 === 0 ? 1 : -1));
      samples.sort((a, b) => a - b);
      return { median: samples[3], max: samples[5] };
    }, count);
    (results[count] ??= []).push(stepMs);
  }
  console.log('Zoom step (set zoom ±1 + synchronous render incl. re-clustering), Chromium, 1400x1000:');
  for (const [count, runs] of Object.entries(results)) {
    const last = runs[runs.length - 1];
    console.log(
      `  ${String(count).padStart(6)} products: median ${last.median.toFixed(1)} ms, max ${last.max.toFixed(1)} ms (warm run; first run median ${runs[0].median.toFixed(1)} ms)`,
    );
  }
} finally {
  await stop();
}
process.exit(0);
