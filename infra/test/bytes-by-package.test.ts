// Issue 28: the bench shares a page's JS out by package, so a budget can tell the fixed stack's
// libraries from our own code. These pin how a source map's bytes are counted and named.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

type BytesByPackage = typeof import('../scripts/lib/bytes-by-package.mjs');
let lib: BytesByPackage;
beforeAll(async () => {
  lib = await import('../scripts/lib/bytes-by-package.mjs');
});
const { TraceMap } = createRequire(__filename)('@jridgewell/trace-mapping');

// "abcdef\nghij": a.js from column 0 and b.js from column 3 on line 1; nothing at the start of
// line 2, then a.js from column 2.
const CODE = 'abcdef\nghij';
const MAP = {
  version: 3,
  sources: ['webpack://shell/./src/a.ts', 'webpack://shell/../shared-kernel/src/b.ts'],
  names: [],
  mappings: 'AAAA,GCAA;EDAA',
};

describe('packageOfSource', () => {
  it.each([
    ['webpack://shell/../node_modules/.pnpm/react-dom@19.3.1/node_modules/react-dom/cjs/x.js', 'react-dom'],
    [
      'webpack://shell/../node_modules/.pnpm/@tanstack+query-core@5.1.0/node_modules/@tanstack/query-core/build/q.js',
      '@tanstack/query-core',
    ],
    ['webpack://mf_public/./node_modules/lucide-react/dist/esm/icons/tractor.mjs', 'lucide-react'],
    ['webpack://mf_public/webpack/runtime/consumes', '(webpack)'],
    ['webpack://shell/(webpack)/runtime/x', '(webpack)'],
    ['webpack://shell/external global "_FEDERATION_RUNTIME_CORE"', '(webpack)'],
    ['webpack://shell/../shared-kernel/src/ui/system.ts', 'shared-kernel'],
    ['webpack://mf_public/./src/routes.tsx', 'mf-public'],
    [null, '(unmapped)'],
  ])('%s is %s', (source, pkg) => {
    expect(lib.packageOfSource(source, 'mf-public')).toBe(pkg);
  });

  it('names a relative source outside the workspace by the build it is in, not by a guess', () => {
    expect(lib.packageOfSource('webpack://shell/../elsewhere/x.ts', 'shell')).toBe('shell');
  });
});

describe('kindOfPackage', () => {
  it.each([
    ['react-dom', 'fixed stack'],
    ['@chakra-ui/react', 'fixed stack'],
    ['@zag-js/checkbox', 'fixed stack'],
    ['@module-federation/runtime-core', 'fixed stack'],
    ['.federation', 'fixed stack'],
    ['(webpack)', 'fixed stack'],
    ['shared-kernel', 'ours'],
    ['mf-public', 'ours'],
    ['zod', 'fixed stack'],
    ['react-hook-form', 'fixed stack'],
    ['rbush', 'fixed stack'],
    ['lucide-react', 'other libraries'],
    ['(no map: main.js)', 'unmapped'],
    ['(no body: main.js)', 'unmapped'],
    ['react-dom-extra', 'other libraries'],
    ['(unmapped)', 'unmapped'],
  ])('%s is %s', (pkg, kind) => {
    expect(lib.kindOfPackage(pkg)).toBe(kind);
  });
});

describe('bytesBySource', () => {
  it('gives each segment the bytes up to the next one or its line end, counts the line break, and the rest to no source', () => {
    const out = lib.bytesBySource(CODE, new TraceMap(MAP));
    expect(Object.fromEntries(out)).toEqual({
      'webpack://shell/./src/a.ts': 3 + 2,
      'webpack://shell/../shared-kernel/src/b.ts': 3 + 1,
      null: 2,
    });
    expect([...out.values()].reduce((a, b) => a + b, 0)).toBe(CODE.length);
  });
});

describe('transferredByPackage', () => {
  let root: string;
  let dist: string;
  let other: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bytes-by-package-'));
    dist = path.join(root, 'shell', 'dist');
    other = path.join(root, 'mf-public', 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.mkdirSync(other, { recursive: true });
    fs.writeFileSync(path.join(dist, 'main.js'), CODE);
    fs.writeFileSync(path.join(dist, 'main.js.map'), JSON.stringify(MAP));
    // The same name and length, other content, all of it from one source of that build.
    fs.writeFileSync(path.join(other, 'main.js'), 'ABCDEF\nGHIJ');
    fs.writeFileSync(
      path.join(other, 'main.js.map'),
      JSON.stringify({ ...MAP, sources: ['webpack://mf_public/./src/x.ts'], mappings: 'AAAA;AACA' }),
    );
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('shares each file out in proportion to its bytes by package, and the totals add up to what was transferred', () => {
    const out = lib.transferredByPackage([{ url: 'http://localhost:4300/main.js', body: CODE, transferred: 110 }], [dist]);
    expect(Object.fromEntries(out)).toEqual({ shell: 50, 'shared-kernel': 40, '(unmapped)': 20 });
  });

  it('does not read a file of the same name but other content through its map', () => {
    const out = lib.transferredByPackage([{ url: 'http://localhost:4301/1.0.0/main.js', body: 'other', transferred: 7 }], [dist]);
    expect(Object.fromEntries(out)).toEqual({ '(no map: main.js)': 7 });
  });

  it('reads two files of the same name and length each through its own map', () => {
    const out = lib.transferredByPackage(
      [
        { url: 'http://localhost:4300/main.js', body: CODE, transferred: 11 },
        { url: 'http://localhost:4301/main.js', body: 'ABCDEF\nGHIJ', transferred: 11 },
      ],
      [dist, other],
    );
    expect(Object.fromEntries(out)).toEqual({ shell: 5, 'shared-kernel': 4, '(unmapped)': 2, 'mf-public': 11 });
  });

  it('counts a script whose body was not captured, whole, so the total stays exact', () => {
    const out = lib.transferredByPackage([{ url: 'http://localhost:4300/x.js', body: '', transferred: 9 }], [dist]);
    expect(Object.fromEntries(out)).toEqual({ '(no body: x.js)': 9 });
  });
});
