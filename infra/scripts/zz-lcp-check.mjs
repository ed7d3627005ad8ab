import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();
await page.addInitScript(() => {
  window.__lcp = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push({ t: Math.round(e.startTime), size: e.size, tag: e.element?.tagName, text: e.element?.textContent?.slice(0, 60), connected: e.element?.isConnected }); }).observe({ type: 'largest-contentful-paint', buffered: true });
});
const url = process.argv[2];
const html = await (await fetch(url)).text();
const ssr = html.match(/data-server-rendered="">([\s\S]*?)<script type="application\/json"/)?.[1] ?? '';
console.log('SSR has period-hint-ish p:', (ssr.match(/<p[^>]*>[^<]{0,80}/g) || []).slice(0, 8));
await page.goto(url, { waitUntil: 'networkidle' }); console.log('paint', await page.evaluate(() => performance.getEntriesByType('paint').map((e) => e.name + ' ' + Math.round(e.startTime)).join(', ')), 'nav', await page.evaluate(() => { const n = performance.getEntriesByType('navigation')[0]; return [n.responseStart, n.responseEnd, n.domInteractive, n.domContentLoadedEventEnd].map(Math.round).join(' '); }));
await page.waitForTimeout(1500);
console.log(await page.evaluate(() => window.__lcp));
console.log(await page.evaluate(() => [...document.querySelectorAll('[data-remote] p')].slice(0, 8).map((p) => p.textContent.slice(0, 80))));
await browser.close();
