import path from 'node:path';
import { ESLint } from 'eslint';

const repoRoot = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: repoRoot });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('slice boundaries (ESLint)', () => {
  it('stops a remote importing another remote, by name or by relative path', async () => {
    expect(await problems('mf-public/src/x.ts', "import { a } from 'mf-booking/src/app';\nexport const b = a;\n")).toHaveLength(1);
    expect((await problems('mf-public/src/x.ts', "import { a } from '../../mf-owner/src/routes';\nexport const b = a;\n")).length).toBeGreaterThan(0);
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
    expect(await problems('shared-kernel/src/platform/x.tsx', "import { Box } from '@chakra-ui/react';\nexport const b = Box;\n")).toHaveLength(1);
    expect(await problems('mf-public/src/x.tsx', "import { Box } from 'shared-kernel/ui';\nexport const b = Box;\n")).toHaveLength(0);
  });

  it('allows the kernel subpaths and local files', async () => {
    expect(await problems('mf-public/src/x.ts', "import { getApi } from 'shared-kernel/api';\nimport { shell } from './et/shell';\nexport const b = [getApi, shell];\n")).toHaveLength(0);
  });

  it('keeps the kernel and the shell free of slices', async () => {
    expect(await problems('shared-kernel/src/x.ts', "import { a } from 'mf-public';\nexport const b = a;\n")).toHaveLength(1);
    expect(await problems('shell/src/x.ts', "import { a } from 'mf-messaging/src/app';\nexport const b = a;\n")).toHaveLength(1);
  });
});
