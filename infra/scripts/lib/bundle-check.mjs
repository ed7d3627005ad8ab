// What a production bundle must not carry (issue 15): the sandbox Google sign-in, which builds
// unsigned `alg: none` tokens, the standalone dev entry's mock user, and links to source maps
// (the maps stay beside the build, unreferenced and never served).
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, REMOTES } from './config.mjs';
import { precompressProblems } from './precompressed.mjs';

export const UNSAFE_MARKERS = [
  { what: 'the unsigned sandbox Google token builder', pattern: /alg:\s*"none"|"alg":"none"/ },
  { what: 'the sandbox Google sign-in form', pattern: /\.googleSandbox(Title|Email|Continue)\b/ },
  { what: 'the standalone mock user', pattern: /mari\.maasikas@rendime\.ee/ },
  { what: 'a public source-map link', pattern: /[#@]\s*sourceMappingURL=/ },
];

/** The dist folders of the shell and every remote. */
export function bundleDirs(root = repoRoot) {
  return ['shell', ...REMOTES].map((p) => path.join(root, p, 'dist'));
}

/** Every JavaScript file in the folders that holds one of the markers. A missing folder is a finding too. */
/** @param {string[]} dirs */
export function findUnsafeBundleContent(dirs) {
  /** @type {{ file: string, what: string }[]} */
  const found = [];
  for (const dir of dirs) {
    if (!fs.existsSync(dir)) {
      found.push({ file: dir, what: 'no build to check' });
      continue;
    }
    for (const name of fs.readdirSync(dir, { recursive: true })) {
      const file = path.join(dir, String(name));
      if (!file.endsWith('.js') || !fs.statSync(file).isFile()) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const m of UNSAFE_MARKERS) if (m.pattern.test(text)) found.push({ file: path.relative(repoRoot, file), what: m.what });
    }
  }
  return found;
}

/** The browser builds' precompressed copies (lib/precompressed.mjs): a finding per missing, stale or orphaned copy. */
/** @param {string[]} dirs */
export function findPrecompressProblems(dirs) {
  return dirs.flatMap((dir) =>
    fs.existsSync(dir)
      ? precompressProblems(dir).map((p) => ({ file: path.relative(repoRoot, path.join(dir, p.file)), what: p.what }))
      : [{ file: dir, what: 'no build to check' }],
  );
}
