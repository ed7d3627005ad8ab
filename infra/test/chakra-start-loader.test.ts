import fs from 'node:fs';
import path from 'node:path';

// The build's two changes to Chakra's modules (issue 28), on the Chakra version the kernel installs:
// a Chakra upgrade that moves the text fails here, not only in a build.
type Loader = ((this: { resourcePath: string }, source: string) => string) & { CHAKRA_PATCHED: RegExp };
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS build file without types
const loader = require('../build/chakra-start-loader.cjs') as Loader;
const chakraEsm = path.join(fs.realpathSync(path.join(__dirname, '../../shared-kernel/node_modules/@chakra-ui/react')), 'dist/esm');

function run(file: string, source = fs.readFileSync(file, 'utf8')): string {
  return loader.call({ resourcePath: file }, source);
}

it("marks the theme index's default config pure, so the recipes only it reads can be dropped", () => {
  const file = path.join(chakraEsm, 'theme/index.js');
  expect(loader.CHAKRA_PATCHED.test(file)).toBe(true);
  expect(run(file)).toContain('const defaultThemeConfig = /* @__PURE__ */ defineConfig(');
});

it("computes the system's global CSS on first read instead of inside createSystem", () => {
  const file = path.join(chakraEsm, 'styled-system/system.js');
  expect(loader.CHAKRA_PATCHED.test(file)).toBe(true);
  const out = run(file);
  expect(out).not.toContain('const _global = [');
  expect(out).toMatch(/get _global\(\) \{\s*return _globalCss \?\?= \[getPreflightCss\(\), getGlobalCss\(\), getTokenCss\(\)\];/);
});

it('fails the build, naming the file, when a Chakra upgrade changed the text', () => {
  const file = path.join(chakraEsm, 'styled-system/system.js');
  expect(() => run(file, 'function createSystem() {}')).toThrow(/not found in .*system\.js; update the loader/);
});

it('fails the build when the text occurs more than once, rather than guess which to change', () => {
  const file = path.join(chakraEsm, 'theme/index.js');
  const twice = 'const defaultThemeConfig = defineConfig({});\nconst defaultThemeConfig = defineConfig({});';
  expect(() => run(file, twice)).toThrow(/found 2 times in .*index\.js/);
});

it('leaves every other module as it is', () => {
  const file = path.join(chakraEsm, 'styled-system/css.js');
  expect(loader.CHAKRA_PATCHED.test(file)).toBe(false);
  expect(run(file, 'export const x = 1;')).toBe('export const x = 1;');
});
