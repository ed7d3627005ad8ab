import fs from 'node:fs';
import path from 'node:path';

// Issue 9, acceptance 1: forms go through react-hook-form and server data through TanStack Query.
// This test reads the slices' and the shell's sources for the two patterns they replace, so a new
// slice cannot copy them back in.

const repoRoot = path.resolve(__dirname, '../..');
const roots = ['shell', 'mf-public', 'mf-booking', 'mf-owner', 'mf-account', 'mf-messaging'].map((p) => path.join(repoRoot, p, 'src'));

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
      const name = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (name && /^\w+$/.test(name)) names.push(name);
    }
  }
  return names;
}

const FORM_STATE = /\b(useTouched|setTouched|markTouched|touchAll)\b|useState<[^>]*\btouched\b|\[\s*touched\s*,\s*setTouched\s*\]/;

/** What in one file breaks the conventions, as 'line: reason'. */
export function conventionProblems(code: string): string[] {
  const problems: string[] = [];
  const form = FORM_STATE.exec(code);
  if (form) problems.push(`${lineOf(code, form.index)}: hand-written form state (${form[0]}); use react-hook-form with the kernel's field component`);
  const api = apiImports(code);
  const loaders = [/\bfetch\s*\(/, /\bapiClient\b/, /\.then\s*\(/, ...api.map((n) => new RegExp(`\\b${n}\\b`))];
  for (const m of code.matchAll(/\buse(Layout)?Effect\s*\(/g)) {
    const body = withoutComments(parenthesised(code, m.index + m[0].length - 1));
    const hit = loaders.find((re) => re.test(body));
    if (hit) problems.push(`${lineOf(code, m.index)}: data loading in ${m[0].replace(/\s*\($/, '')} (${hit.exec(body)![0].trim()}); use a TanStack Query hook`);
  }
  return problems;
}

describe('forms and server data conventions (issue 9, acceptance 1)', () => {
  it('recognises both patterns (so the scan below can fail)', () => {
    expect(conventionProblems("const { touched, touch } = useTouched(['email']);\n")).toHaveLength(1);
    expect(conventionProblems("import { getProduct } from '../api/get-product';\nuseEffect(() => {\n  getProduct(id).then(setProduct);\n}, [id]);\n")).toHaveLength(1);
    expect(conventionProblems("useEffect(() => {\n  void fetch('/api/x');\n}, []);\n")).toHaveLength(1);
    expect(conventionProblems("import { apiClient } from 'shared-kernel/api';\nuseLayoutEffect(() => {\n  apiClient.get('/x');\n});\n")).toHaveLength(1);
    // An effect that does not load data, and an API call outside an effect, are fine.
    expect(conventionProblems("import { getProduct } from '../api/get-product';\nuseEffect(() => {\n  document.title = 'x';\n}, []);\nexport const q = () => getProduct(1);\n")).toEqual([]);
    expect(conventionProblems("import type { Api } from 'shared-kernel/api';\nuseEffect(() => {\n  const a: Api | null = null; // fetch( in a comment\n}, []);\n")).toEqual([]);
  });

  it('finds no hand-written form state and no useEffect data loading in the shell and the slices', () => {
    const offenders = roots.flatMap((root) =>
      sources(root).flatMap((file) => conventionProblems(fs.readFileSync(file, 'utf8')).map((p) => `${path.relative(repoRoot, file)}:${p}`)),
    );
    expect(offenders).toEqual([]);
  });
});
