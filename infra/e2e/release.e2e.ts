// Issue 14 in a real browser: the publish gate's smoke mount. The registry CLI publishes the real
// production builds into a registry of this test's own (temporary folder, servers on free ports):
// a slice that mounts goes live, a copy patched so its mount throws is refused with the reason, and
// the manifest and the stored builds stay byte for byte as they were. The shared journey platform,
// its manifest and its registry are never touched.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const repoRoot = path.resolve(__dirname, '../..');

/** The registry's files but the log, hashed: "production" (the manifest, the stored builds). */
function production(reg: string): string {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name !== 'release-log.jsonl') files.push(`${path.relative(reg, p)}:${crypto.createHash('sha256').update(fs.readFileSync(p)).digest('hex')}`);
    }
  };
  walk(reg);
  return files.sort().join('\n');
}

/** A copy of a remote's build whose `./app` mount rejects (the exposed module's export getter is patched). */
function brokenCopy(remote: string, into: string): string {
  fs.cpSync(path.join(repoRoot, remote, 'dist'), into, { recursive: true });
  const expose = fs.readdirSync(into).find((f) => /^__federation_expose_app\..*\.js$/.test(f));
  if (!expose) throw new Error(`${remote} has no __federation_expose_app chunk`);
  const file = path.join(into, expose);
  const code = fs.readFileSync(file, 'utf8');
  const patched = code.replace(/(^|[^n])mount:\(\)=>([A-Za-z_$][\w$]*)/, '$1mount:()=>(()=>Promise.reject(new Error("smoke fixture: mount throws")))');
  if (patched === code) throw new Error(`no mount export found in ${expose}`);
  fs.writeFileSync(file, patched);
  return into;
}

test.describe('publish gate smoke mount', () => {
  let tmp: string;
  let reg: string;
  test.beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rendime-release-e2e-'));
    reg = path.join(tmp, 'registry');
  });
  test.afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, ['infra/scripts/registry.mjs', ...args, '--by', 'release-e2e'], {
      cwd: repoRoot,
      // Only this test's registry; the ports only name the entries' origins (nothing listens there).
      env: { ...process.env, RENDIME_REGISTRY_DIR: reg, RENDIME_SHELL_PORT: '4700' },
      encoding: 'utf8',
      timeout: 240_000,
    });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  };

  test('a slice that mounts goes live; one whose mount throws is refused and production stays as it was', async () => {
    // Four publishes, each launching chromium against a temporary shell, on a busy two-core machine.
    test.setTimeout(600_000);
    for (const remote of ['mf-public', 'mf-messaging']) {
      expect(fs.existsSync(path.join(repoRoot, remote, 'dist/remote-descriptor.json')), `${remote} is built`).toBe(true);
    }

    // mf-public mounts through the shell on its public route; mf-messaging (only /auth routes) directly.
    const pub = cli('publish', 'mf-public');
    expect(pub.out).toMatch(/published mf-public@1\.0\.0\+[0-9a-f]{10}/);
    expect(pub.status).toBe(0);
    const msg = cli('publish', 'mf-messaging');
    expect(msg.out).toMatch(/published mf-messaging@/);
    expect(msg.status).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(reg, 'release-manifest.json'), 'utf8')) as { release: string; remotes: { name: string; version: string }[] };
    expect(manifest.release).toBe('2');
    expect(manifest.remotes.map((r) => r.name)).toEqual(['mf-messaging', 'mf-public']);
    const before = production(reg);

    // Signed-in-only slice, mounted directly: the rejected mount is the reason.
    const brokenMessaging = cli('publish', 'mf-messaging', '--build-dir', brokenCopy('mf-messaging', path.join(tmp, 'broken-messaging')));
    expect(brokenMessaging.status).toBe(1);
    expect(brokenMessaging.out).toMatch(/refused: smoke mount: mount threw: smoke fixture: mount throws/);
    expect(production(reg)).toBe(before);

    // Public slice, mounted through the shell: the shell shows its fallback, which refuses it.
    const brokenPublic = cli('publish', 'mf-public', '--build-dir', brokenCopy('mf-public', path.join(tmp, 'broken-public')));
    expect(brokenPublic.status).toBe(1);
    expect(brokenPublic.out).toMatch(/refused: smoke mount: .*(fallback|console error)/);
    expect(production(reg)).toBe(before);

    // The same build again: refused before anything runs.
    const again = cli('publish', 'mf-public', '--no-smoke');
    expect(again.status).toBe(1);
    expect(again.out).toMatch(/already stored/);
    expect(production(reg)).toBe(before);

    const log = fs
      .readFileSync(path.join(reg, 'release-log.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { action: string; remote: string; who: string; release: string; reason: string });
    expect(log.map((l) => [l.release, l.action, l.remote])).toEqual([
      ['1', 'publish', 'mf-public'],
      ['2', 'publish', 'mf-messaging'],
      ['2', 'refuse', 'mf-messaging'],
      ['2', 'refuse', 'mf-public'],
      ['2', 'refuse', 'mf-public'],
    ]);
    expect(log.every((l) => l.who === 'release-e2e')).toBe(true);
  });
});
