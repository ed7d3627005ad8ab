import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Registry = typeof import('../scripts/lib/registry.mjs');
let registry: Registry;
beforeAll(async () => {
  registry = await import('../scripts/lib/registry.mjs');
});

function fakeBuild(root: string, version: string): string {
  const dir = path.join(root, `build-${version}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
  fs.writeFileSync(
    path.join(dir, 'remote-descriptor.json'),
    JSON.stringify({ name: 'mf-messaging', scope: 'mf_messaging', version, routes: ['/auth/messages'], nav: [], widgets: {}, events: {}, devPort: 3005, shared: { react: '^19.3.0' } }),
  );
  return dir;
}

describe('release registry', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('publishes a version, rolls forward and back, and touches only that remote', () => {
    const reg = path.join(root, 'registry');
    registry.storeBuild(reg, fakeBuild(root, '1.0.0'));
    registry.activate(reg, 'mf-messaging', '1.0.0', 'http://localhost:3005');
    const first = registry.readManifest(reg);
    expect(first.remotes).toHaveLength(1);
    expect(first.remotes[0]).toMatchObject({ version: '1.0.0', entry: 'http://localhost:3005/1.0.0/mf-manifest.json', routes: ['/auth/messages'] });

    registry.storeBuild(reg, fakeBuild(root, '1.1.0'));
    registry.activate(reg, 'mf-messaging', '1.1.0', 'http://localhost:3005');
    expect(registry.readManifest(reg).remotes[0].version).toBe('1.1.0');
    expect(registry.listVersions(reg, 'mf-messaging').sort()).toEqual(['1.0.0', '1.1.0']);

    registry.activate(reg, 'mf-messaging', '1.0.0', 'http://localhost:3005');
    const back = registry.readManifest(reg);
    expect(back.remotes[0].version).toBe('1.0.0');
    expect(Number(back.release)).toBeGreaterThan(Number(first.release));
  });

  it('refuses to activate a version that was never stored', () => {
    const reg = path.join(root, 'registry');
    expect(() => registry.activate(reg, 'mf-messaging', '9.9.9', 'http://localhost:3005')).toThrow(/not in the registry/);
  });
});
