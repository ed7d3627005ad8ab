// Two changes to Chakra's own modules that make the public pages' start cheaper (issue 28). Each is
// an exact text replacement of a text found exactly once; the build fails otherwise (a Chakra
// upgrade), rather than silently losing the saving or changing the wrong place.
const PATCHES = [
  {
    // The theme index builds `defaultThemeConfig = defineConfig({ ...recipes, slotRecipes })` when
    // it loads: a call the bundler must assume has side effects, so every recipe of every Chakra
    // component (date picker, colour picker, ...) stayed in the shell's Chakra chunk although the
    // kernel's system (shared-kernel/src/ui/system.ts) takes only those it names: 155 KB of source,
    // 13 KB brotli on every page. `defineConfig` returns its argument; marked pure, the unused
    // default config and the recipes only it reads are dropped.
    file: /[\\/]theme[\\/]index\.js$/,
    from: ['const defaultThemeConfig = defineConfig('],
    to: ['const defaultThemeConfig = /* @__PURE__ */ defineConfig('],
  },
  {
    // createSystem computes the page's global CSS (reset, global styles and every token's CSS
    // variable) before it returns: about 60 % of its time, in one task with the rest. Computed on
    // first read instead, the shell reads it in a task of its own (platformGlobals in the kernel),
    // and neither task is a long one.
    file: /[\\/]styled-system[\\/]system\.js$/,
    from: ['const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];', '    _global,\n'],
    to: [
      'let _globalCss;',
      '    get _global() {\n      return _globalCss ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n',
    ],
  },
];

/** The modules this loader changes, for the rule's `test`. */
const CHAKRA_PATCHED = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](theme[\\/]index|styled-system[\\/]system)\.js$/;

/**
 * @this {{ resourcePath: string }} webpack's loader context (only the file's path is read)
 * @param {string} source
 * @returns {string}
 */
function chakraStartLoader(source) {
  const patch = PATCHES.find((p) => p.file.test(this.resourcePath));
  if (!patch) return source;
  return patch.from.reduce((text, find, i) => {
    const count = text.split(find).length - 1;
    if (count !== 1) {
      const found = count === 0 ? 'not found' : `found ${count} times`;
      throw new Error(`chakra-start-loader: "${find.trim()}" ${found} in ${this.resourcePath}; update the loader for this Chakra version`);
    }
    // A function, so a `$` in the replacement is never read as a pattern.
    return text.replace(find, () => patch.to[i]);
  }, source);
}

module.exports = chakraStartLoader;
module.exports.CHAKRA_PATCHED = CHAKRA_PATCHED;
