// Issue 26, acceptance 5 (ADR 0030): a slice adds a field to its API contract and ships it with no
// kernel release and no shell rebuild. A variant of mf-messaging whose bundled kernel schema has a new
// field on ChatParty (and a party list that shows it) is built from a copy of the slice and the kernel
// (same kernel version), published with the registry CLI into the running journey platform, and the
// running shell, whose files stay byte for byte the same, shows the field. The API's side of the
// field is an API deploy (it bundles the kernel's schemas too); the journey stands in for it by adding
// the field to the party list's answer in the browser, before and after, so the only change between
// the two looks is the slice's release.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { expect, signIn, test } from './support/fixtures';
import { DEMO } from './support/demo-users';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { env, runDir, repoRoot } = require('./support/e2e-env.cjs') as { env: Record<string, string>; runDir: string; repoRoot: string };

const TOPIC = 'Kardiraja hooaja avamine';

/** Every file of the shell's build with its hash: "the shell was not rebuilt". */
function shellDigest(): string {
  const dist = path.join(repoRoot, 'shell/dist');
  return (fs.readdirSync(dist, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(dist, f)).isFile())
    .sort()
    .map(
      (f) =>
        `${f}:${crypto
          .createHash('sha256')
          .update(fs.readFileSync(path.join(dist, f)))
          .digest('hex')}`,
    )
    .join('\n');
}

function patch(file: string, from: string, to: string): void {
  const code = fs.readFileSync(file, 'utf8');
  if (!code.includes(from)) throw new Error(`${file} no longer has the text this journey patches: ${from}`);
  fs.writeFileSync(file, code.replace(from, to));
}

/**
 * A copy of mf-messaging and of the kernel beside it, with ChatParty's new field, built as the slice's
 * CI would. pnpm's links stay as they are (relative), so the copy resolves every package from the
 * repository's store through a `node_modules` link, and the kernel from its own copy.
 */
function buildVariant(dir: string, version: string): string {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'));
  fs.symlinkSync(path.join(repoRoot, 'infra'), path.join(dir, 'infra'));
  for (const pkg of ['shared-kernel', 'mf-messaging']) {
    fs.cpSync(path.join(repoRoot, pkg), path.join(dir, pkg), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (src) => !/[\\/]dist([\\/]|$)/.test(path.relative(repoRoot, src)),
    });
  }
  patch(
    path.join(dir, 'shared-kernel/src/schemas/messaging.ts'),
    '  lastMessageTs: z.string().nullable(),\n});\nexport type ChatParty',
    '  lastMessageTs: z.string().nullable(),\n  /** What the conversation is about (new in this release of the contract). */\n  topic: z.string().optional(),\n});\nexport type ChatParty',
  );
  patch(
    path.join(dir, 'mf-messaging/src/features/chat/components/party-list.tsx'),
    "<Span display={{ base: 'none', md: 'inline' }}>{cutName(party.otherPartyName, LONG_NAME)}</Span>",
    "<Span display={{ base: 'none', md: 'inline' }}>{cutName(party.otherPartyName, LONG_NAME)}</Span>\n              {party.topic ? <Span data-testid=\"party-topic\" ms={2}>{party.topic}</Span> : null}",
  );
  const out = path.join(dir, 'build');
  const slice = path.join(dir, 'mf-messaging');
  execFileSync(process.execPath, [path.join(slice, 'node_modules/webpack/bin/webpack.js'), '--mode', 'production'], {
    cwd: slice,
    env: { ...process.env, APP_VERSION: version, OUT_DIR: out },
    stdio: 'ignore',
  });
  return out;
}

test('a slice ships a new API field with no kernel release and no shell rebuild', async ({ page, openPage }) => {
  // A production build of mf-messaging and a publish with its smoke mount: minutes on two cores.
  test.setTimeout(480_000);
  const before = shellDigest();
  const shellDescriptor = JSON.parse(fs.readFileSync(path.join(repoRoot, 'shell/dist/shell-descriptor.json'), 'utf8')) as {
    kernel: { version: string; provides: string[] };
  };

  // A conversation of the karting owner with the business owner, written through the API.
  const other = await openPage();
  await signIn(other, DEMO.businessOwner.username, DEMO.businessOwner.password);
  await expect(other).toHaveURL(/\/auth\//);
  const otherId = await other.evaluate(async () => ((await (await fetch('/api/users/session')).json()) as { id: number }).id);
  await signIn(page, DEMO.karting.username, DEMO.karting.password);
  await expect(page).toHaveURL(/\/auth\//);
  const written = await page.evaluate(async (receiverId) => {
    const me = ((await (await fetch('/api/users/session')).json()) as { id: number }).id;
    const res = await fetch(`/api/user-messages/user/${me}/write`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'rendime' },
      body: JSON.stringify({ message: 'Tere! Kas hooaja avamisel on rada vaba?', parentThread: { senderId: me, receiverId } }),
    });
    return res.status;
  }, otherId);
  expect(written).toBe(201);

  // The API answers with the new field (its own deploy); the live slice's contract has no such field.
  await page.route('**/api/user-messages/user/*/user-chats', async (route) => {
    const res = await route.fetch();
    const parties = (await res.json()) as Record<string, unknown>[];
    await route.fulfill({ response: res, json: parties.map((p) => ({ ...p, topic: TOPIC })) });
  });
  await page.goto('/auth/messages');
  const area = page.locator('[data-remote="mf-messaging"]');
  await expect(area).toBeAttached();
  const parties = page.getByRole('list', { name: 'Vestlused' });
  await expect(parties.getByRole('button').first()).toBeVisible();
  await expect(page.getByTestId('party-topic')).toHaveCount(0);
  const oldVersion = (await area.getAttribute('data-version')) ?? '1.0.0';

  const newVersion = `1.0.${Date.now()}`;
  const out = buildVariant(path.join(runDir, 'contract-variant'), newVersion);
  const descriptor = JSON.parse(fs.readFileSync(path.join(out, 'remote-descriptor.json'), 'utf8')) as {
    shared: Record<string, string>;
    bundled: { kernel: string[] };
  };
  // No kernel release: the variant asks for the kernel the live shell already provides, and carries the schema itself.
  expect(descriptor.shared['shared-kernel/api']).toBe(`^${shellDescriptor.kernel.version.replace(/\.\d+$/, '.0')}`);
  expect(descriptor.bundled.kernel).toContain('shared-kernel/schemas');
  expect(shellDescriptor.kernel.provides).not.toContain('shared-kernel/schemas');

  const registryCli = ['infra/scripts/registry.mjs'];
  execFileSync(process.execPath, [...registryCli, 'publish', 'mf-messaging', '--build-dir', out], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
  });
  try {
    await page.reload();
    await expect(page.locator('[data-remote="mf-messaging"]')).toHaveAttribute('data-version', newVersion, { timeout: 30_000 });
    await expect(parties.getByTestId('party-topic').first()).toHaveText(TOPIC);
    expect(shellDigest()).toBe(before);
  } finally {
    execFileSync(process.execPath, [...registryCli, 'activate', 'mf-messaging', oldVersion], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
    });
  }
  await page.reload();
  await expect(page.locator('[data-remote="mf-messaging"]')).toHaveAttribute('data-version', oldVersion, { timeout: 30_000 });
  await expect(page.getByTestId('party-topic')).toHaveCount(0);
});
