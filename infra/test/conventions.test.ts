import fs from 'node:fs';
import path from 'node:path';
import { SLICES } from './support/slices';

// Issue 9, acceptance 1: server data goes through TanStack Query. This test reads the slices' and
// the shell's sources for useEffect data loading, so a new slice cannot copy it back in. Hand-written
// form state is ESLint's rendime/no-hand-rolled-form-state (issue 26, tested in slice-boundaries).

const repoRoot = path.resolve(__dirname, '../..');
const roots = ['shell', ...SLICES].map((p) => path.join(repoRoot, p, 'src'));

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The text between the parentheses opening at `open`, skipping strings, template literals and comments. */
function parenthesised(code: string, open: number): string {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++;
    } else if (c === '/' && code[i + 1] === '/') {
      i = code.indexOf('\n', i);
      if (i < 0) break;
    } else if (c === '/' && code[i + 1] === '*') {
      i = code.indexOf('*/', i) + 1;
      if (i <= 0) break;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return code.slice(open + 1, i);
  }
  return code.slice(open + 1);
}

/** Code without its comments (a commented-out fetch is not a fetch). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

const lineOf = (code: string, index: number) => code.slice(0, index).split('\n').length;

/** Names a file imports (not type-only) from an API module: ./api/..., ../api, shared-kernel/api. */
function apiImports(code: string): string[] {
  const names: string[] = [];
  for (const m of code.matchAll(/import\s+(?!type\s)([^;]*?)\s+from\s+['"]([^'"]+)['"]/g)) {
    if (!/(^|\/)api(\/|$)/.test(m[2])) continue;
    const clause = m[1].replace(/\btype\s+\w+\s*(as\s+\w+)?\s*,?/g, '');
    for (const part of clause.replace(/[{}*]/g, ',').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name && /^\w+$/.test(name)) names.push(name);
    }
  }
  return names;
}

/** What in one file breaks the conventions, as 'line: reason'. */
export function conventionProblems(code: string): string[] {
  const problems: string[] = [];
  const api = apiImports(code);
  const loaders = [/\bfetch\s*\(/, /\bapiClient\b/, /\.then\s*\(/, ...api.map((n) => new RegExp(`\\b${n}\\b`))];
  for (const m of code.matchAll(/\buse(Layout)?Effect\s*\(/g)) {
    const body = withoutComments(parenthesised(code, m.index + m[0].length - 1));
    const hit = loaders.find((re) => re.test(body));
    if (hit)
      problems.push(
        `${lineOf(code, m.index)}: data loading in ${m[0].replace(/\s*\($/, '')} (${hit.exec(body)![0].trim()}); use a TanStack Query hook`,
      );
  }
  return problems;
}

describe('server data convention (issue 9, acceptance 1)', () => {
  it('recognises useEffect data loading (so the scan below can fail)', () => {
    expect(
      conventionProblems(
        "import { getProduct } from '../api/get-product';\nuseEffect(() => {\n  getProduct(id).then(setProduct);\n}, [id]);\n",
      ),
    ).toHaveLength(1);
    expect(conventionProblems("useEffect(() => {\n  void fetch('/api/x');\n}, []);\n")).toHaveLength(1);
    expect(
      conventionProblems("import { apiClient } from 'shared-kernel/api';\nuseLayoutEffect(() => {\n  apiClient.get('/x');\n});\n"),
    ).toHaveLength(1);
    // An effect that does not load data, and an API call outside an effect, are fine.
    expect(
      conventionProblems(
        "import { getProduct } from '../api/get-product';\nuseEffect(() => {\n  document.title = 'x';\n}, []);\nexport const q = () => getProduct(1);\n",
      ),
    ).toEqual([]);
    expect(
      conventionProblems(
        "import type { Api } from 'shared-kernel/api';\nuseEffect(() => {\n  const a: Api | null = null; // fetch( in a comment\n}, []);\n",
      ),
    ).toEqual([]);
  });

  it('finds no useEffect data loading in the shell and the slices', () => {
    const offenders = roots.flatMap((root) =>
      sources(root).flatMap((file) =>
        conventionProblems(fs.readFileSync(file, 'utf8')).map((p) => `${path.relative(repoRoot, file)}:${p}`),
      ),
    );
    expect(offenders).toEqual([]);
  });
});

// Issue 14: a slice's own texts live in the slice (`<slice>/src/messages/`) and ship with its
// release; the kernel's catalogue keeps what is shared (the chrome, errors, validation, domain
// rules) or sent by the API. These tests keep slice texts from drifting back into the kernel and
// keep the menu labels in the descriptors.

const slices = [...SLICES];

/** Every source file that can read the kernel's catalogue, tests included (a test is a user too). */
function allSources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : allSources(full);
    return /\.(tsx?|mts|cts|mjs|cjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The kernel namespaces a file reads: `messages.<ns>` or `const { <ns> } = messages` (comments do not count). */
export function namespacesRead(code: string, namespaces: readonly string[]): string[] {
  const bare = withoutComments(code);
  const read = new Set<string>();
  for (const m of bare.matchAll(/\bmessages\s*(?:\.\s*(\w+)|\[\s*['"](\w+)['"]\s*\])/g)) read.add(m[1] ?? m[2]);
  for (const m of bare.matchAll(/\{([^{}]*)\}\s*=\s*messages\b/g)) {
    for (const part of m[1].split(',')) read.add(part.split(':')[0].trim());
  }
  return namespaces.filter((ns) => read.has(ns));
}

/** Namespaces whose only user is one slice (they belong in that slice), as 'namespace: slice'. */
export function singleSliceNamespaces(users: Record<string, ReadonlySet<string>>): string[] {
  return Object.entries(users)
    .filter(([, who]) => who.size === 1 && slices.includes([...who][0]))
    .map(([ns, who]) => `${ns}: only ${[...who][0]} uses it; move it to ${[...who][0]}/src/messages`);
}

/** Who reads each kernel namespace: a slice, the shell, the kernel itself (outside the catalogue) or infra (the API, scripts, journeys). */
function kernelNamespaceUsers(namespaces: readonly string[]): Record<string, Set<string>> {
  const users: Record<string, Set<string>> = Object.fromEntries(namespaces.map((ns) => [ns, new Set<string>()]));
  const catalogue = path.join(repoRoot, 'shared-kernel', 'src', 'messages') + path.sep;
  for (const owner of [...slices, 'shell', 'shared-kernel', 'infra']) {
    const dirs =
      owner === 'infra'
        ? ['api/src', 'api/test', 'scripts', 'e2e', 'test', 'build'].map((d) => path.join(repoRoot, 'infra', d))
        : [path.join(repoRoot, owner, 'src')];
    for (const file of dirs.flatMap(allSources)) {
      if (file.startsWith(catalogue) || file === __filename) continue;
      for (const ns of namespacesRead(fs.readFileSync(file, 'utf8'), namespaces)) users[ns].add(owner);
    }
  }
  return users;
}

describe('slice-owned texts (issue 14)', () => {
  it('recognises a namespace read by one slice only (so the scan below can fail)', () => {
    const ns = ['product', 'errors', 'common'];
    expect(namespacesRead('const t = messages.product;\nconst e = messages .errors.login;\n', ns)).toEqual(['product', 'errors']);
    expect(namespacesRead("const { common, errors: e } = messages;\nconst p = messages['product'];\n", ns)).toEqual([
      'product',
      'errors',
      'common',
    ]);
    expect(namespacesRead('// messages.product is gone\n/* messages.common */\nexport const productTexts = {};\n', ns)).toEqual([]);
    expect(
      singleSliceNamespaces({ product: new Set(['mf-public']), errors: new Set(['mf-public', 'infra']), common: new Set(['shell']) }),
    ).toEqual(['product: only mf-public uses it; move it to mf-public/src/messages']);
    expect(singleSliceNamespaces({ payment: new Set(['mf-account', 'mf-booking']), contractDocument: new Set(['infra']) })).toEqual([]);
  });

  it('keeps no kernel namespace that one slice alone reads', async () => {
    const { messages } = await import('shared-kernel/messages/server');
    const users = kernelNamespaceUsers(Object.keys(messages));
    // The scan must see the catalogue in use, or it proves nothing.
    expect([...users.errors]).toEqual(expect.arrayContaining(['mf-public', 'infra']));
    expect(singleSliceNamespaces(users)).toEqual([]);
    // A namespace nobody reads is dead text.
    expect(
      Object.entries(users)
        .filter(([, who]) => who.size === 0)
        .map(([ns]) => ns),
    ).toEqual([]);
  });

  it('gives every slice its own catalogue, typed as the kernel types catalogues', () => {
    for (const slice of slices) {
      const dir = path.join(repoRoot, slice, 'src', 'messages');
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f)) : [];
      expect({ slice, hasCatalogue: files.includes('et.ts') }).toEqual({ slice, hasCatalogue: true });
      for (const file of files) {
        const code = fs.readFileSync(path.join(dir, file), 'utf8');
        if (/^export const \w+ = \{/m.test(code))
          expect({ file: `${slice}/src/messages/${file}`, typed: /as const satisfies TextCatalogue;/.test(code) }).toEqual({
            file: `${slice}/src/messages/${file}`,
            typed: true,
          });
      }
    }
  });
});

// Issue 28: the browser's catalogue is a singleton every page loads whole, so texts only the API
// writes live in the API's catalogue (`shared-kernel/messages/server`) and a page carries none of them.
describe('the browser catalogue holds what pages show and nothing only the API writes (issue 28)', () => {
  const browserOwners = [...slices, 'shell', 'shared-kernel'];

  it('loads every namespace a page reads, and no namespace only the API reads', async () => {
    const { messages: browser } = await import('shared-kernel/messages');
    const { messages: all } = await import('shared-kernel/messages/server');
    const users = kernelNamespaceUsers(Object.keys(all));
    const readByPages = Object.keys(all).filter((ns) => browserOwners.some((owner) => users[ns].has(owner)));
    // The scan must see both kinds, or it proves nothing.
    expect(readByPages).toEqual(expect.arrayContaining(['common', 'errors', 'shell']));
    expect([...users.notifications]).toEqual(['infra']);
    expect(Object.keys(browser).sort()).toEqual(readByPages.sort());
    // The API's catalogue is the browser's plus its own texts, the same objects.
    for (const ns of Object.keys(browser)) expect(all[ns as keyof typeof all]).toBe(browser[ns as keyof typeof browser]);
  });

  it('keeps the API catalogue out of browser code', () => {
    const importers = browserOwners
      .flatMap((owner) => allSources(path.join(repoRoot, owner, 'src')))
      .filter((file) => !file.endsWith(path.join('messages', 'server.ts')))
      .filter((file) => /['"]shared-kernel\/messages\/server['"]/.test(withoutComments(fs.readFileSync(file, 'utf8'))))
      .map((file) => path.relative(repoRoot, file));
    expect(importers).toEqual([]);
  });
});

describe('menu labels ship with the descriptor (issue 14)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { validateDescriptor } = require('../build/descriptor-plugin.cjs') as { validateDescriptor: (d: unknown, name: string) => void };
  const descriptor = (slice: string) =>
    JSON.parse(fs.readFileSync(path.join(repoRoot, slice, 'remote.json'), 'utf8')) as { nav: Array<Record<string, unknown>> };

  it('gives every nav entry of every remote.json its Estonian label, not a key into the kernel', () => {
    const entries = slices.flatMap((slice) => descriptor(slice).nav.map((entry) => ({ slice, entry })));
    expect(entries.length).toBeGreaterThan(0);
    for (const { slice, entry } of entries) {
      expect({ slice, to: entry.to, label: typeof entry.label === 'string' && entry.label.trim() !== '' }).toEqual({
        slice,
        to: entry.to,
        label: true,
      });
      expect({ slice, to: entry.to, labelKey: entry.labelKey }).toEqual({ slice, to: entry.to, labelKey: undefined });
    }
    for (const slice of slices) expect(() => validateDescriptor(descriptor(slice), slice)).not.toThrow();
  });

  it('refuses at build time a nav entry without a label, or with an empty one', () => {
    const base = descriptor('mf-public');
    const withNav = (nav: unknown[]) => ({ ...base, nav });
    expect(() => validateDescriptor(withNav([{ group: 'renters', to: '/public/search-products', order: 10 }]), 'mf-public')).toThrow(
      /nav\[0\] needs a label/,
    );
    expect(() => validateDescriptor(withNav([{ group: 'renters', label: '  ', to: '/public/search-products' }]), 'mf-public')).toThrow(
      /nav\[0\]\.label must be a non-empty text/,
    );
    expect(() =>
      validateDescriptor(withNav([{ group: 'renters', label: 'x'.repeat(61), to: '/public/search-products' }]), 'mf-public'),
    ).toThrow(/at most 60/);
    expect(() => validateDescriptor(withNav([{ group: 'elsewhere', label: 'Otsi', to: 'public' }]), 'mf-public')).toThrow(
      /group must be .*to must be an absolute path/,
    );
    // Descriptors published before kernel 2.1 name a key into the kernel's texts: still valid.
    expect(() =>
      validateDescriptor(withNav([{ group: 'renters', labelKey: 'findProducts', to: '/public/search-products' }]), 'mf-public'),
    ).not.toThrow();
  });

  it('keeps the kernel menu texts frozen to the keys older descriptors use', async () => {
    const { messages } = await import('shared-kernel/messages');
    expect(Object.keys(messages.shell.nav).sort()).toEqual(
      [
        'accountSettings',
        'activeReservations',
        'billing',
        'contracts',
        'findProducts',
        'giveForRent',
        'myProducts',
        'productManagement',
        'rentedProducts',
      ].sort(),
    );
  });
});
