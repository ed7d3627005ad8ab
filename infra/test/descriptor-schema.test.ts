import fs from 'node:fs';
import path from 'node:path';
import { z } from 'shared-kernel/zod';

// ADR 0036: the descriptor's rules live once, in the kernel's zod schema. The build plugin and the
// publish gate ask it; neither keeps a copy that could drift.
const repoRoot = path.resolve(__dirname, '../..');
const KERNEL_FILE = path.join(repoRoot, 'shared-kernel/src/platform/release-manifest.ts');
const candidate = { ...JSON.parse(fs.readFileSync(path.join(repoRoot, 'mf-owner/remote.json'), 'utf8')), version: '1.2.0' };

type Gate = typeof import('../scripts/lib/publish-gate.mjs');
type Kernel = { descriptorProblems: (d: unknown, schema?: z.ZodType) => string[]; RemoteDescriptor: z.ZodObject };

afterEach(() => jest.resetModules());

describe('one descriptor schema', () => {
  it('the gate and the build plugin refuse with the kernel schema’s own reasons', async () => {
    const bad = { ...candidate, nav: [{ group: 'lessors', to: 'auth/add-product', label: 'x'.repeat(61) }] };
    const gate: Gate = await import('../scripts/lib/publish-gate.mjs');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS build file without types
    const { validateDescriptor } = require('../build/descriptor-plugin.cjs') as { validateDescriptor: (d: unknown, name: string) => void };
    expect(gate.descriptorProblems(bad, 'mf-owner')).toEqual([
      'nav[0].label must be at most 60 characters',
      'nav[0].to must be an absolute path',
    ]);
    expect(() => validateDescriptor(bad, 'mf-owner')).toThrow(
      'remote.json of mf-owner: nav[0].label must be at most 60 characters; nav[0].to must be an absolute path',
    );
    expect(gate.descriptorProblems(candidate, 'mf-owner')).toEqual([]);
  });

  it('a rule changed in the kernel schema changes the gate’s and the build’s answer, with no edit to either', async () => {
    // The kernel tightened: a menu label of at most 12 characters ('Toodete haldus' has 14).
    jest.doMock(KERNEL_FILE, () => {
      const real = jest.requireActual<Kernel>(KERNEL_FILE);
      const NavEntry = z.object({ group: z.string(), label: z.string().max(12, 'must be at most 12 characters'), to: z.string() });
      const tightened = real.RemoteDescriptor.extend({ nav: z.array(NavEntry) });
      return { ...real, descriptorProblems: (d: unknown) => real.descriptorProblems(d, tightened) };
    });
    const gate: Gate = await import('../scripts/lib/publish-gate.mjs');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS build file without types
    const { validateDescriptor } = require('../build/descriptor-plugin.cjs') as { validateDescriptor: (d: unknown, name: string) => void };
    expect(gate.descriptorProblems(candidate, 'mf-owner')).toEqual(['nav[2].label must be at most 12 characters']);
    expect(() => validateDescriptor(candidate, 'mf-owner')).toThrow('nav[2].label must be at most 12 characters');
  });
});
