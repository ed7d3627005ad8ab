// ADR 0030: the kernel is shared by how it is used. Its run-time singletons come from the shell
// (one session, event bus, query client, UI system and router per page); its API contracts
// (schemas, pure domain and Tallinn-time rules) are bundled by each build, so a slice ships a new
// API field with its own release.
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sharedDeps, KERNEL_SINGLETONS, KERNEL_CONTRACTS } = require('../build/shared-deps.cjs') as {
  sharedDeps: (
    dir: string,
    role?: 'host' | 'remote' | 'standalone',
  ) => Record<string, { singleton?: boolean; import?: unknown; requiredVersion?: string }>;
  KERNEL_SINGLETONS: string[];
  KERNEL_CONTRACTS: string[];
};

const repoRoot = path.resolve(__dirname, '../..');

describe('kernel sharing', () => {
  it.each([
    ['the shell', 'shell', 'host'],
    ['a platform remote', 'mf-booking', 'remote'],
    ['a standalone remote', 'mf-booking', 'standalone'],
  ] as const)('%s shares every kernel singleton and none of the contract subpaths', (_who, dir, role) => {
    const shared = sharedDeps(path.join(repoRoot, dir), role);
    for (const subpath of KERNEL_SINGLETONS)
      expect(shared[subpath]).toMatchObject({ singleton: true, requiredVersion: expect.stringMatching(/^\^\d+\.\d+\.0$/) });
    expect(KERNEL_CONTRACTS).toEqual([
      'shared-kernel/schemas',
      'shared-kernel/domain',
      'shared-kernel/time',
      'shared-kernel/platform/manifest',
      'shared-kernel/api/bank-link',
    ]);
    // Neither by name nor through a prefix (a key ending in '/'), which would share them all; the
    // singleton 'shared-kernel/platform' matches its own request only, not 'shared-kernel/platform/manifest'.
    for (const key of Object.keys(shared)) {
      expect(KERNEL_CONTRACTS.some((c) => key === c || (key.endsWith('/') && c.startsWith(key)))).toBe(false);
    }
  });

  it('keeps the singletons and the contracts apart in the publish gate too', async () => {
    const gate = await import('../scripts/lib/publish-gate.mjs');
    expect(gate.KERNEL_CONTRACTS).toEqual(KERNEL_CONTRACTS);
    expect(KERNEL_SINGLETONS.filter((s) => gate.KERNEL_CONTRACTS.includes(s))).toEqual([]);
  });
});
