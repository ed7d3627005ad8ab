import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

// The build test of issue 15 (`npm test` runs findUnsafeBundleContent over the production builds
// right after building them); here, that the check finds what it must and passes clean output.
type BundleCheck = typeof import('../scripts/lib/bundle-check.mjs');
let check: BundleCheck;
let dir: string;
beforeAll(async () => {
  check = await import('../scripts/lib/bundle-check.mjs');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-check-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function bundle(name: string, files: Record<string, string>): string {
  const d = path.join(dir, name);
  fs.mkdirSync(d, { recursive: true });
  for (const [f, text] of Object.entries(files)) fs.writeFileSync(path.join(d, f), text);
  return d;
}

it('passes a clean build, catalogue texts and unreferenced maps included', () => {
  const clean = bundle('clean', {
    'main.js': 'let t={googleButton:"Jätka Google kontoga",googleSandboxTitle:"Google (liivakast)"};',
    'main.js.map': '{"version":3,"sources":["alg:\\"none\\""]}',
  });
  expect(check.findUnsafeBundleContent([clean])).toEqual([]);
});

it.each([
  ['the unsigned sandbox Google token builder', 'const h={alg:"none",typ:"JWT"};'],
  ['the sandbox Google sign-in form', 'r.jsx(Text,{children:t.googleSandboxTitle})'],
  ['the standalone mock user', '{username:"mari.maasikas@rendime.ee"}'],
  ['a public source-map link', 'x();\n//# sourceMappingURL=main.js.map'],
])('finds %s', (what, text) => {
  const d = bundle(`bad-${what.replace(/\W+/g, '-')}`, { 'chunk.1234abcd.js': text });
  expect(check.findUnsafeBundleContent([d])).toEqual([expect.objectContaining({ what })]);
});

it('counts a missing build as a finding, so the check cannot pass by looking nowhere', () => {
  expect(check.findUnsafeBundleContent([path.join(dir, 'nope')])).toEqual([expect.objectContaining({ what: 'no build to check' })]);
});

describe('precompressed copies (served in place of their files)', () => {
  const code = `export const text = ${JSON.stringify('Rendime '.repeat(400))};`;
  const br = (text: string) => zlib.brotliCompressSync(Buffer.from(text));
  const gz = (text: string) => zlib.gzipSync(Buffer.from(text));

  it('passes a build whose scripts and stylesheets each have both copies, small files and server containers without', () => {
    const d = bundle('precompressed-clean', {
      'main.1234abcd.js': code,
      'main.1234abcd.js.br': '',
      'main.1234abcd.js.gz': '',
      'styles.css': code,
      'tiny.js': 'x()',
      'mf-manifest.json': code,
    });
    fs.writeFileSync(path.join(d, 'main.1234abcd.js.br'), br(code));
    fs.writeFileSync(path.join(d, 'main.1234abcd.js.gz'), gz(code));
    fs.writeFileSync(path.join(d, 'styles.css.br'), br(code));
    fs.writeFileSync(path.join(d, 'styles.css.gz'), gz(code));
    fs.mkdirSync(path.join(d, 'server'));
    fs.writeFileSync(path.join(d, 'server', 'remoteEntry.js'), code);
    expect(check.findPrecompressProblems([d])).toEqual([]);
  });

  it('finds a missing copy, a stale or broken one, and one without its file', () => {
    const d = bundle('precompressed-bad', { 'a.js': code, 'b.js': code, 'c.css': code });
    fs.writeFileSync(path.join(d, 'a.js.gz'), gz(code));
    fs.writeFileSync(path.join(d, 'b.js.br'), br(`${code}// an older build`));
    fs.writeFileSync(path.join(d, 'b.js.gz'), 'not gzip');
    fs.writeFileSync(path.join(d, 'c.css.br'), br(code));
    fs.writeFileSync(path.join(d, 'c.css.gz'), gz(code));
    fs.writeFileSync(path.join(d, 'gone.js.br'), br(code));
    const problems = check.findPrecompressProblems([d]).map((p) => `${path.basename(p.file)}: ${p.what}`);
    expect(problems.sort()).toEqual(
      [
        'a.js: no .br copy',
        'b.js: a .br copy that is not this file',
        'b.js: a .gz copy that is not this file',
        'gone.js.br: a precompressed copy without its file',
      ].sort(),
    );
  });
});
