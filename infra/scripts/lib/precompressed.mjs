// A build's precompressed copies (`x.js.br`, `x.js.gz`, written by infra/build/precompress-plugin.cjs)
// are sent by the servers in place of their files (@fastify/static `preCompressed`), so a copy that
// is not its file would serve other code than the version holds. The production bundle check refuses
// such a build; the registry repairs it when storing a version (a team's CI that patched a file
// after the build), so what a version serves is always its files.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

/** The build's own rules and settings, so a repaired copy is the copy the build would have written. */
const { COMPRESSIBLE, MIN_BYTES, brotliOptions, gzipOptions } = createRequire(import.meta.url)('../../build/precompress-options.cjs');

/** A script's or stylesheet's copy: `[whole name, its file, encoding]`. */
export const COPY = /^(.*\.(?:js|css))\.(br|gz)$/;

const ENCODINGS = /** @type {const} */ ({
  br: { decode: zlib.brotliDecompressSync, encode: (/** @type {Buffer} */ b) => zlib.brotliCompressSync(b, brotliOptions(b)) },
  gz: { decode: zlib.gunzipSync, encode: (/** @type {Buffer} */ b) => zlib.gzipSync(b, gzipOptions) },
});

/** @param {string} copy @param {Buffer} body @param {'br' | 'gz'} ext */
function isCopyOf(copy, body, ext) {
  try {
    return ENCODINGS[ext].decode(fs.readFileSync(copy)).equals(body);
  } catch {
    return false;
  }
}

/**
 * What is wrong with the copies under `dir` (its `server/` folder, Node containers, has none):
 * a missing copy of a big enough script or stylesheet, a copy that is not its file, a copy without one.
 * @param {string} dir
 * @returns {{ file: string, what: string }[]} file: relative to dir
 */
export function precompressProblems(dir) {
  /** @type {{ file: string, what: string }[]} */
  const found = [];
  for (const name of fs.readdirSync(dir, { recursive: true }).map(String)) {
    if (name.split(path.sep)[0] === 'server') continue;
    const file = path.join(dir, name);
    const copyOf = COPY.exec(name);
    if (copyOf) {
      if (!fs.existsSync(path.join(dir, copyOf[1]))) found.push({ file: name, what: 'a precompressed copy without its file' });
      continue;
    }
    if (!COMPRESSIBLE.test(name) || !fs.statSync(file).isFile()) continue;
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    for (const ext of /** @type {const} */ (['br', 'gz'])) {
      if (!fs.existsSync(`${file}.${ext}`)) found.push({ file: name, what: `no .${ext} copy` });
      else if (!isCopyOf(`${file}.${ext}`, body, ext)) found.push({ file: name, what: `a .${ext} copy that is not this file` });
    }
  }
  return found;
}

/**
 * Makes every copy under `dir` its file again: a stale or broken copy is compressed afresh, one
 * without its file removed. Missing copies stay missing (the server compresses those on the fly).
 * @param {string} dir
 * @returns {string[]} the copies it rewrote or removed, relative to dir
 */
export function repairPrecompressed(dir) {
  /** @type {string[]} */
  const repaired = [];
  for (const name of fs.readdirSync(dir, { recursive: true }).map(String)) {
    const copyOf = COPY.exec(name);
    if (!copyOf || name.split(path.sep)[0] === 'server') continue;
    const copy = path.join(dir, name);
    const original = path.join(dir, copyOf[1]);
    const ext = /** @type {'br' | 'gz'} */ (copyOf[2]);
    if (!fs.existsSync(original)) {
      fs.rmSync(copy, { force: true });
      repaired.push(name);
      continue;
    }
    const body = fs.readFileSync(original);
    if (isCopyOf(copy, body, ext)) continue;
    fs.writeFileSync(copy, ENCODINGS[ext].encode(body));
    repaired.push(name);
  }
  return repaired;
}
