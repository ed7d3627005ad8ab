import path from 'node:path';
import { ESLint } from 'eslint';

const repoRoot = path.resolve(__dirname, '../..');
// The snippets below are linted as files that do not exist, which no tsconfig knows: lint them
// without type information (the type-aware rules are not what these tests are about).
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function problems(file: string, code: string, rule = 'no-restricted-imports'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('slice boundaries (ESLint)', () => {
  it('stops a remote importing another remote, by name or by relative path', async () => {
    expect(await problems('mf-public/src/x.ts', "import { a } from 'mf-booking/src/app';\nexport const b = a;\n")).toHaveLength(1);
    expect(
      (await problems('mf-public/src/x.ts', "import { a } from '../../mf-owner/src/routes';\nexport const b = a;\n")).length,
    ).toBeGreaterThan(0);
  });

  it('stops a remote importing the shell', async () => {
    expect(await problems('mf-account/src/x.ts', "import { a } from 'shell';\nexport const b = a;\n")).toHaveLength(1);
  });

  it('stops deep imports into shared-kernel', async () => {
    expect(await problems('mf-owner/src/x.ts', "import { a } from 'shared-kernel/src/api';\nexport const b = a;\n")).toHaveLength(1);
  });

  it('lets Chakra in only through shared-kernel/ui (one trimmed copy per page)', async () => {
    expect(await problems('mf-public/src/x.tsx', "import { Box } from '@chakra-ui/react';\nexport const b = Box;\n")).toHaveLength(1);
    expect(await problems('shell/src/x.tsx', "import { Box } from '@chakra-ui/react';\nexport const b = Box;\n")).toHaveLength(1);
    expect(
      await problems('shared-kernel/src/platform/x.tsx', "import { Box } from '@chakra-ui/react';\nexport const b = Box;\n"),
    ).toHaveLength(1);
    expect(await problems('mf-public/src/x.tsx', "import { Box } from 'shared-kernel/ui';\nexport const b = Box;\n")).toHaveLength(0);
  });

  it('allows the kernel subpaths and local files', async () => {
    expect(
      await problems(
        'mf-public/src/x.ts',
        "import { getApi } from 'shared-kernel/api';\nimport { shell } from './et/shell';\nexport const b = [getApi, shell];\n",
      ),
    ).toHaveLength(0);
  });

  it('keeps the kernel and the shell free of slices', async () => {
    expect(await problems('shared-kernel/src/x.ts', "import { a } from 'mf-public';\nexport const b = a;\n")).toHaveLength(1);
    expect(await problems('shell/src/x.ts', "import { a } from 'mf-messaging/src/app';\nexport const b = a;\n")).toHaveLength(1);
  });
});

describe('in-app links and loaders (ESLint)', () => {
  const linkProblems = (code: string) => problems('mf-public/src/x.tsx', code, 'no-restricted-syntax');

  it('refuses a site path in a plain href (a full page reload), in any spelling', async () => {
    expect(await linkProblems('export const a = <a href="/auth/my-rentals">x</a>;\n')).toHaveLength(1);
    expect(await linkProblems("export const a = <a href={'/public'}>x</a>;\n")).toHaveLength(1);
    expect(await linkProblems('export const a = (id: number) => <a href={`/public/detail-view/${id}`}>x</a>;\n')).toHaveLength(1);
    expect(
      await problems('shell/src/x.tsx', 'export const a = <a href="/auth/user-profile">x</a>;\n', 'no-restricted-syntax'),
    ).toHaveLength(1);
  });

  it('allows mailto, outside sites, in-page anchors and links opening a new tab', async () => {
    expect(
      await linkProblems(
        'export const a = [<a href="mailto:info@rendime.ee">m</a>, <a href="https://example.ee">e</a>, <a href="#terms-1">t</a>, <a href="//cdn.example">c</a>, <a href="/public/usage" target="_blank">u</a>];\n',
      ),
    ).toHaveLength(0);
  });

  it('sends slices to the kernel loader instead of a bare Spinner', async () => {
    expect(await problems('mf-account/src/x.tsx', "import { Spinner } from 'shared-kernel/ui';\nexport const b = Spinner;\n")).toHaveLength(
      1,
    );
    expect(await problems('mf-account/src/x.tsx', "import { Loader } from 'shared-kernel/ui';\nexport const b = Loader;\n")).toHaveLength(
      0,
    );
  });
});

describe('feature folders (ESLint)', () => {
  const crossFeature = (file: string, code: string) => problems(file, code, 'rendime/no-cross-feature-imports');

  it('stops a feature importing another feature of the same slice, in any form', async () => {
    expect(
      await crossFeature(
        'mf-owner/src/features/products/components/x.tsx',
        "import { a } from '../../calendar/model/days';\nexport const b = a;\n",
      ),
    ).toHaveLength(1);
    expect(await crossFeature('shell/src/features/chrome/x.ts', "export { a } from '../registry/model/federation';\n")).toHaveLength(1);
    expect(
      await crossFeature(
        'mf-booking/src/features/rentals/x.test.tsx',
        "jest.mock('../payments/api/pay');\nexport const b = import('../payments/model/x');\n",
      ),
    ).toHaveLength(2);
  });

  it('allows the own feature and the shared folders of the slice', async () => {
    expect(
      await crossFeature(
        'mf-owner/src/features/products/components/x.tsx',
        "import { a } from '../model/rules';\nimport { b } from '../../../components/page';\nimport { c } from 'shared-kernel/ui';\nexport const d = [a, b, c];\n",
      ),
    ).toHaveLength(0);
    expect(
      await crossFeature('mf-owner/src/components/x.tsx', "import { a } from '../features/products/model/rules';\nexport const b = a;\n"),
    ).toHaveLength(0);
  });
});

describe('form state (ESLint, issue 26)', () => {
  const formState = (file: string, code: string) => problems(file, code, 'rendime/no-hand-rolled-form-state');

  it("stops a component holding a form control's value in useState, under any name", async () => {
    const phone =
      "import { useState } from 'react';\nimport { Input } from 'shared-kernel/ui';\n" +
      'export function P() {\n  const [phone, setPhone] = useState(\'\');\n  return <Input name="phoneNumber" value={phone} onChange={(e) => setPhone(e.target.value)} />;\n}\n';
    expect(await formState('mf-account/src/features/identity/components/x.tsx', phone)).toHaveLength(1);
    // A draft object of the whole form, bound field by field (the old search filter panel).
    const draft =
      "import { useState } from 'react';\nimport { CategorySelect } from './category-select';\n" +
      'export function F({ filters }) {\n  const [draft, setDraft] = useState(filters);\n' +
      '  return (\n    <form>\n      <input value={draft.search} onChange={(e) => setDraft({ ...draft, search: e.target.value })} />\n' +
      '      <CategorySelect name="cat" value={draft.cat} onChange={(cat) => setDraft({ ...draft, cat })} />\n    </form>\n  );\n}\n';
    expect(await formState('mf-public/src/features/search/components/x.tsx', draft)).toHaveLength(2);
    expect(await formState('shell/src/features/x/components/x.tsx', phone)).toHaveLength(1);
  });

  it('follows the state through a kept tuple, a reducer and a copy, and into checkboxes and switches', async () => {
    const component = (body: string, jsx: string) =>
      "import { useReducer, useState } from 'react';\nimport { Checkbox, Switch } from 'shared-kernel/ui';\n" +
      `export function F() {\n${body}\n  return (\n    <>\n${jsx}\n    </>\n  );\n}\n`;
    const file = 'mf-public/src/features/x/components/x.tsx';
    const tuple = component("  const s = useState('');", '      <input value={s[0]} onChange={(e) => s[1](e.target.value)} />');
    expect(await formState(file, tuple)).toHaveLength(1);
    const reducer = component(
      "  const [form, dispatch] = useReducer((f, e) => ({ ...f, ...e }), { email: '' });",
      '      <input value={form.email} onChange={(e) => dispatch({ email: e.target.value })} />',
    );
    expect(await formState(file, reducer)).toHaveLength(1);
    const copied = component(
      "  const [draft, setDraft] = useState({ email: '' });\n  const email = draft.email;\n  const shown = email;",
      '      <input value={shown} onChange={(e) => setDraft({ email: e.target.value })} />',
    );
    expect(await formState(file, copied)).toHaveLength(1);
    const checks = component(
      '  const [terms, setTerms] = useState(false);\n  const [news, setNews] = useState(false);\n  const [vat, setVat] = useState(false);',
      '      <Checkbox.Root checked={terms} onCheckedChange={(d) => setTerms(d.checked === true)} />\n' +
        '      <Switch.Root checked={news} onCheckedChange={(d) => setNews(d.checked)} />\n' +
        '      <input type="checkbox" checked={vat} onChange={(e) => setVat(e.target.checked)} />',
    );
    expect(await formState(file, checks)).toHaveLength(3);
  });

  it('allows UI state that is not a form control, props as values, and tests', async () => {
    const ui =
      "import { useState } from 'react';\nimport { Checkbox, Input, Tabs } from 'shared-kernel/ui';\n" +
      "export function U({ value, compact }) {\n  const [tab, setTab] = useState('a');\n  const [busy] = useState(false);\n  const label = busy ? 'x' : tab;\n" +
      '  return (\n    <>\n      <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value)} />\n' +
      '      <Checkbox.Root checked={compact} aria-label={label} />\n' +
      '      <Input value={value} readOnly />\n    </>\n  );\n}\n';
    expect(await formState('mf-owner/src/features/x/components/x.tsx', ui)).toEqual([]);
    const phone =
      "import { useState } from 'react';\nexport function P() {\n  const [v, setV] = useState('');\n  return <input value={v} onChange={(e) => setV(e.target.value)} />;\n}\n";
    expect(await formState('mf-owner/src/features/x/components/x.test.tsx', phone)).toEqual([]);
  });
});

describe('writes live in api/ folders (ESLint, issue 26)', () => {
  const writes = (file: string, code: string) => problems(file, code, 'rendime/writes-in-api-folders');
  const handler =
    "import { getApi } from 'shared-kernel/api';\nexport function B() {\n" +
    "  const save = async () => {\n    await getApi().post('/x', { body: {} });\n    await getApi().delete('/x/1');\n  };\n" +
    '  return <button onClick={save}>x</button>;\n}\n';

  it('stops a component writing through getApi() itself', async () => {
    expect(await writes('mf-public/src/features/x/components/x.tsx', handler)).toHaveLength(2);
  });

  it('allows the write in the api/ folder, and reads anywhere', async () => {
    expect(await writes('mf-public/src/features/x/api/x.tsx', handler)).toEqual([]);
    const read = "import { getApi } from 'shared-kernel/api';\nexport const B = () => <p>{String(getApi().get('/x'))}</p>;\n";
    expect(await writes('mf-public/src/features/x/components/x.tsx', read)).toEqual([]);
  });
});
