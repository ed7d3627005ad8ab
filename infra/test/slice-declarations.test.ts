import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SLICES } from './support/slices';

// ADR 0028: each slice is declared once (<slice>/src/slice.config.ts). Its remote.json and the
// kernel's DeclaredPath type are written from the declarations, and every path the sources link
// to must be a route some slice declares.
const repoRoot = path.resolve(__dirname, '../..');

const declared: string[] = SLICES.flatMap(
  (name) => JSON.parse(fs.readFileSync(path.join(repoRoot, name, 'remote.json'), 'utf8')).routes as string[],
);

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    // API clients (api/ folders) and API schemas name API paths, which share the /public and /auth prefixes.
    if (e.isFile() && /[\\/](api|schemas)[\\/]/.test(p)) return [];
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && e.name !== 'declared-paths.ts' ? [p] : [];
  });
}

const patternRegex = (pattern: string) => new RegExp(`^${pattern.replace(/:[A-Za-z0-9_]+/g, '[^/]+').replace(/\*$/, '.*')}/?$`);
const declaredRegexes = declared.map(patternRegex);

/** Not links: the section prefixes the shell's redirects and the kernel's route matching test for, and the owner widget's API endpoint. */
const NOT_LINKS = new Set(['/auth', '/auth/', '/otsing', '/public/owners/x/widget-products']);

/** Literal site paths in a source: '/auth/x', `/public/detail-view/${id}` (an interpolation is one segment). */
function linkedPaths(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/['"`](\/(?:public|auth|otsing)(?:\/(?:[\w-]+|\$\{[^}]*\}))*\/?)(?=[?#'"`])/g)) {
    found.push(m[1].replace(/\$\{[^}]*\}/g, 'x'));
  }
  return found;
}

describe('slice declarations', () => {
  it('remote.json and the kernel DeclaredPath type are what the declarations say', () => {
    const run = spawnSync(process.execPath, [path.join(repoRoot, 'infra/scripts/slices.mjs'), '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 60_000);

  it('no two slices declare the same route', () => {
    expect(declared.filter((r, i) => declared.indexOf(r) !== i)).toEqual([]);
  });

  it('every site path a slice or the shell links to is a route some slice declares', () => {
    const undeclared: string[] = [];
    for (const root of ['shell', 'shared-kernel', ...SLICES]) {
      for (const file of sources(path.join(repoRoot, root, 'src'))) {
        for (const p of linkedPaths(fs.readFileSync(file, 'utf8'))) {
          if (!NOT_LINKS.has(p) && !declaredRegexes.some((r) => r.test(p))) undeclared.push(`${path.relative(repoRoot, file)}: ${p}`);
        }
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('finds links in literals and templates, and would refuse one nobody declares', () => {
    expect(linkedPaths('navigate(\'/auth/contracts?x=1\'); to={`/public/detail-view/${p.id}`} href="/public/nope"')).toEqual([
      '/auth/contracts',
      '/public/detail-view/x',
      '/public/nope',
    ]);
    expect(declaredRegexes.some((r) => r.test('/public/nope'))).toBe(false);
    expect(declaredRegexes.some((r) => r.test('/public/detail-view/x'))).toBe(true);
  });

  it('a slice renders only the widgets its declaration consumes, and each is provided by a slice (ADR 0036)', () => {
    const contractsIn = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => m[1]);
    const provided = new Set<string>();
    const problems: string[] = [];
    for (const name of SLICES) {
      const config = fs.readFileSync(path.join(repoRoot, name, 'src/slice.config.ts'), 'utf8');
      for (const c of contractsIn(config, /contract: widgets\.(\w+)/g)) provided.add(c);
    }
    for (const name of SLICES) {
      const config = fs.readFileSync(path.join(repoRoot, name, 'src/slice.config.ts'), 'utf8');
      const consumes = new Set(contractsIn(/consumes: \[([^\]]*)\]/.exec(config)?.[1] ?? '', /widgets\.(\w+)/g));
      for (const file of sources(path.join(repoRoot, name, 'src'))) {
        for (const c of contractsIn(fs.readFileSync(file, 'utf8'), /contract=\{widgets\.(\w+)\}/g)) {
          if (!consumes.has(c)) problems.push(`${path.relative(repoRoot, file)} renders ${c}, which ${name} does not declare in consumes`);
          if (!provided.has(c)) problems.push(`${path.relative(repoRoot, file)} renders ${c}, which no slice provides`);
        }
      }
      for (const c of consumes) if (!provided.has(c)) problems.push(`${name} consumes ${c}, which no slice provides`);
    }
    expect(problems).toEqual([]);
  });
});
