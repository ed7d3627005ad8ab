import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 915 } });
const page = await ctx.newPage();
await page.goto(process.argv[2], { waitUntil: 'load' });
await page.screenshot({ path: '/tmp/nojs.png' });
const r = await page.evaluate(() => { const i = document.querySelector('img[src*="demo"]'); if (!i) return 'no img'; const s = getComputedStyle(i); const b = i.getBoundingClientRect(); let el = i, chain=[]; while (el) { const cs = getComputedStyle(el); if (cs.opacity !== '1' || cs.display==='none' || cs.visibility!=='visible') chain.push(el.tagName+'.'+el.className+' op='+cs.opacity+' d='+cs.display+' v='+cs.visibility); el = el.parentElement; } return { b: [b.x,b.y,b.width,b.height], chain }; });
console.log(JSON.stringify(r));
await browser.close();
