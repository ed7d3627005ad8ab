import fs from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../../lib/package-root';

const PACKAGE = 'dejavu-fonts-ttf';
const FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

export interface FontBytes {
  regular: Uint8Array;
  bold: Uint8Array;
}

/**
 * The folder of the DejaVu TrueType files (they have õ, ä, ö, ü, š, ž; PDF's standard fonts do
 * not). Found the way Node finds a package, walking up from the API's package folder, and not with
 * require.resolve: the bundled server (dist/server.js) would have webpack rewrite that call, while
 * the package folder is the same from src/ and from dist/.
 */
export function fontDirectory(from: string = packageRoot()): string {
  let dir = from;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', PACKAGE, 'ttf');
    if (fs.existsSync(path.join(candidate, FILES.regular))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`contract PDF: no ${PACKAGE} package above ${from} (pnpm install)`);
    dir = parent;
  }
}

let cached: Promise<FontBytes> | undefined;

/** Both fonts' bytes, read once per process (about 1 MB together). */
export function loadFonts(): Promise<FontBytes> {
  cached ??= (async () => {
    const dir = fontDirectory();
    const [regular, bold] = await Promise.all([fs.promises.readFile(path.join(dir, FILES.regular)), fs.promises.readFile(path.join(dir, FILES.bold))]);
    return { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
  })();
  // A failed read is not kept: the next document tries again.
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}
