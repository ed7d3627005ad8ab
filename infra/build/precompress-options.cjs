// What the build precompresses and how (infra/build/precompress-plugin.cjs), read also by the
// registry when it repairs a stale copy (infra/scripts/lib/precompressed.mjs), so a repaired copy is
// the one the build would have written. No webpack here: the registry service loads this file.
const zlib = require('node:zlib');

/** What gets copies: scripts and stylesheets. */
const COMPRESSIBLE = /\.(js|css)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
/** @param {Buffer} source */
const brotliOptions = (source) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
  },
});
const gzipOptions = { level: zlib.constants.Z_BEST_COMPRESSION };

module.exports = { COMPRESSIBLE, MIN_BYTES, brotliOptions, gzipOptions };
