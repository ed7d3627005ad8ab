import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
