import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { escapeHtml } from '../lib/html';

export interface DemoImageSpec {
  fileName: string;
  title: string;
  subtitle: string;
  hue: number;
  width: number;
  height: number;
}

function svgFor(spec: DemoImageSpec): string {
  const { width: w, height: h, hue } = spec;
  const big = Math.round(h * 0.1);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,30%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${w * 0.82}" cy="${h * 0.25}" r="${h * 0.32}" fill="rgba(255,255,255,0.12)"/>
<rect x="0" y="${h * 0.7}" width="${w}" height="${h * 0.3}" fill="rgba(0,0,0,0.25)"/>
<text x="${w * 0.05}" y="${h * 0.84}" font-family="DejaVu Sans, sans-serif" font-size="${big}" font-weight="bold" fill="#fff">${escapeHtml(spec.title)}</text>
<text x="${w * 0.05}" y="${h * 0.94}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(big * 0.55)}" fill="#fff">${escapeHtml(spec.subtitle)}</text>
<text x="${w * 0.05}" y="${h * 0.12}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(big * 0.6)}" fill="#39C689" font-weight="bold">Rendime</text>
</svg>`;
}

/** Renders the missing ones only, so a restart (or the next test file) costs nothing. */
export async function ensureDemoImages(filesDir: string, specs: DemoImageSpec[]): Promise<void> {
  await fs.mkdir(filesDir, { recursive: true });
  const existing = new Set(await fs.readdir(filesDir));
  const missing = specs.filter((s) => !existing.has(s.fileName));
  // sharp runs on libuv's pool; a few at a time keeps memory flat.
  for (let i = 0; i < missing.length; i += 8) {
    await Promise.all(
      missing.slice(i, i + 8).map(async (spec) => {
        const data = await sharp(Buffer.from(svgFor(spec)))
          .jpeg({ quality: 78, mozjpeg: false })
          .toBuffer();
        // Write to a temp name first so a crash cannot leave a half file under the final name.
        const tmp = path.join(filesDir, `.${spec.fileName}.${process.pid}.tmp`);
        await fs.writeFile(tmp, data);
        await fs.rename(tmp, path.join(filesDir, spec.fileName));
      }),
    );
  }
}
