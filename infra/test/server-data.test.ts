import fs from 'node:fs';
import path from 'node:path';
import { SLICES } from './support/slices';

// Server data reaches the UI through TanStack Query only: each read in a feature's api/ file comes
// with its query options, and components and hooks use those options, never the bare call (which
// would mean loading by hand, in an effect, with no cache and no protection from stale answers).
const repoRoot = path.resolve(__dirname, '../..');
const packages = ['shell', ...SLICES];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = packages.flatMap((pkg) => sourceFiles(path.join(repoRoot, pkg, 'src')));
const isApiFile = (file: string) => file.split(path.sep).includes('api');
const rel = (file: string) => path.relative(repoRoot, file);
const readsIn = (source: string) => /getApi\(\)\s*\.get\(/.test(source);

/** The value names a file imports from modules under an api/ folder, with the resolved module. */
function apiImports(file: string, source: string): { module: string; names: string[] }[] {
  const found: { module: string; names: string[] }[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'(\.[^']*\/api\/[^']*)'/g)) {
    if (match[1]) continue;
    const names = match[2]
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n !== '' && !n.startsWith('type '))
      .map((n) => n.split(/\s+as\s+/)[0]);
    const base = path.resolve(path.dirname(file), match[3]);
    const module = ['.ts', '.tsx'].map((ext) => base + ext).find((f) => fs.existsSync(f)) ?? base;
    found.push({ module, names });
  }
  return found;
}

describe('server data through TanStack Query', () => {
  it('finds the slices and their api calls', () => {
    expect(files.filter(isApiFile).filter((f) => readsIn(fs.readFileSync(f, 'utf8'))).length).toBeGreaterThan(10);
  });

  it('gives every read in an api file its query options beside it', () => {
    const missing = files.filter(isApiFile).filter((f) => {
      const source = fs.readFileSync(f, 'utf8');
      return readsIn(source) && !/queryOptions\(/.test(source);
    });
    expect(missing.map(rel)).toEqual([]);
  });

  it('calls the API client only from api files', () => {
    const outside = files.filter((f) => !isApiFile(f) && /getApi\(\)/.test(fs.readFileSync(f, 'utf8')));
    expect(outside.map(rel)).toEqual([]);
  });

  it('never calls a read from a component or hook; only its query options and key are used', () => {
    const bare: string[] = [];
    for (const file of files.filter((f) => !isApiFile(f))) {
      for (const { module, names } of apiImports(file, fs.readFileSync(file, 'utf8'))) {
        if (!fs.existsSync(module) || !readsIn(fs.readFileSync(module, 'utf8'))) continue;
        for (const name of names) if (!/(QueryOptions|QueryKey)$/.test(name)) bare.push(`${rel(file)}: ${name}`);
      }
    }
    expect(bare).toEqual([]);
  });
});
