import fs from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';
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
    const [regular, bold] = await Promise.all([
      fs.promises.readFile(path.join(dir, FILES.regular)),
      fs.promises.readFile(path.join(dir, FILES.bold)),
    ]);
    return { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
  })();
  // A failed read is not kept: the next document tries again.
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type ParsedFont = ReturnType<Fontkit['create']>;
const parsed = new WeakMap<Uint8Array, ParsedFont>();

/**
 * fontkit as pdf-lib asks for it, but each font file is parsed once per process: parsing DejaVu's
 * tables again for every document was most of a document's time. The parsed font is only read
 * (each document makes its own subset of it), and all of it runs synchronously.
 */
export const onceParsedFontkit: Fontkit = {
  create(buffer, postscriptName) {
    let font = parsed.get(buffer);
    if (!font) {
      font = fontkit.create(buffer, postscriptName);
      parsed.set(buffer, font);
    }
    return font;
  },
};

/**
 * OpenType features for pdf-lib's text layout. pdf-lib draws glyph by glyph at their advances and
 * ignores positioning, so kerning and mark placement are worked out for nothing: left out.
 */
export const LAYOUT_FEATURES = { kern: false, mark: false, mkmk: false } as const;
