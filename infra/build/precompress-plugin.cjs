// Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside each script and stylesheet of a
// production build. The servers serve them as they are (@fastify/static `preCompressed`), so a
// visitor gets the smallest encoding instead of the on-the-fly one (@fastify/compress's brotli at
// quality 4: the front page's scripts were 294 KB on the wire against 244 KB at quality 11).
// Compressed once per build, not per request; the files are part of the immutable version.
// JSON and HTML are left out: the servers rewrite or choose some of them per request.
const zlib = require('node:zlib');
const { promisify } = require('node:util');
const webpack = require('webpack');
const { COMPRESSIBLE, MIN_BYTES, brotliOptions, gzipOptions } = require('./precompress-options.cjs');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

class PrecompressPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const names = Object.keys(assets).filter((name) => COMPRESSIBLE.test(name));
          await Promise.all(
            names.map(async (name) => {
              const source = compilation.getAsset(name)?.source.buffer();
              if (!source || source.length < MIN_BYTES) return;
              const [br, gz] = await Promise.all([brotli(source, brotliOptions(source)), gzip(source, gzipOptions)]);
              const info = { immutable: compilation.getAsset(name)?.info.immutable };
              compilation.emitAsset(`${name}.br`, new webpack.sources.RawSource(br), info);
              compilation.emitAsset(`${name}.gz`, new webpack.sources.RawSource(gz), info);
              compilation.updateAsset(
                name,
                (s) => s,
                (old) => ({ ...old, related: { ...old?.related, brotli: `${name}.br`, gzip: `${name}.gz` } }),
              );
            }),
          );
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin };
