// Issue 27, acceptance 5 (as ADR 0038 reads it next to ADR 0030): on the product page and on
// /auth/contracts every kernel run-time singleton and zod are loaded once, and each from the shell.
// Counted by module, not by file name: what Module Federation's share scope says was loaded and by
// whom, and which of the page's scripts carry zod's core or the kernel's message catalogue.
import type { Page, Response } from '@playwright/test';
import { DEMO } from './support/demo-users';
import { expect, signIn, test } from './support/fixtures';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { KERNEL_SINGLETONS, KERNEL_CONTRACTS } = require('../build/shared-deps.cjs') as {
  KERNEL_SINGLETONS: string[];
  KERNEL_CONTRACTS: string[];
};

interface Loaded {
  name: string;
  version: string;
  useIn: string[];
}

/** Every shared module the page has loaded, one row per provider copy, from the runtime's own books. */
async function loadedShares(page: Page): Promise<Loaded[]> {
  return page.evaluate(() => {
    interface ShareInfo {
      loaded?: boolean;
      useIn?: string[];
    }
    const scopes =
      (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, ShareInfo>>>> } })
        .__FEDERATION__?.__SHARE__ ?? {};
    const rows: { name: string; version: string; useIn: string[] }[] = [];
    for (const byScope of Object.values(scopes))
      for (const byName of Object.values(byScope))
        for (const [name, byVersion] of Object.entries(byName))
          for (const [version, info] of Object.entries(byVersion)) if (info.loaded) rows.push({ name, version, useIn: info.useIn ?? [] });
    return rows;
  });
}

/**
 * Strings only one module defines, so the script that carries one carries that module: zod's core
 * registers its base class under this name, the catalogue holds the kernel's texts (the fallback's
 * Estonian sentence among them), and the form fields mark required labels with this attribute.
 * The share scope's `from` names the build that first asked for a module, not the build whose
 * code was loaded; where the code came from is told by the origin of the script that carries it.
 */
const MARKERS: Record<string, string> = {
  'shared-kernel/zod': '"$ZodType"',
  'shared-kernel/messages': 'See osa lehest ei ole praegu saadaval',
  'shared-kernel/forms': 'data-required-mark',
};

function collectScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (res: Response) => {
    if (res.request().resourceType() === 'script' && res.ok())
      scripts.set(
        res.url(),
        res.text().catch(() => ''),
      );
  });
  return scripts;
}

async function scriptsCarrying(scripts: Map<string, Promise<string>>, marker: string): Promise<string[]> {
  const found: string[] = [];
  for (const [url, body] of scripts) if ((await body).includes(marker)) found.push(url);
  return found;
}

async function expectOneKernel(
  page: Page,
  scripts: Map<string, Promise<string>>,
  route: string,
  remotesOnPage: string[],
  zodUsers: string[] = remotesOnPage,
): Promise<void> {
  const shellOrigin = new URL(page.url()).origin;
  const loaded = await loadedShares(page);
  const byName = new Map<string, Loaded[]>();
  for (const row of loaded) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);

  // One loaded copy of every shared module, whatever it is.
  for (const [name, copies] of byName)
    expect(
      copies.map((c) => c.version),
      `${name} on ${route}`,
    ).toHaveLength(1);
  const kernelLoaded = loaded.filter((row) => KERNEL_SINGLETONS.includes(row.name)).map((row) => row.name);
  expect(kernelLoaded).toEqual(
    expect.arrayContaining(['shared-kernel/zod', 'shared-kernel/messages', 'shared-kernel/session', 'shared-kernel/ui']),
  );
  // The slices on the page use the page's copy rather than their own.
  for (const remote of remotesOnPage) {
    for (const name of ['shared-kernel/messages', 'shared-kernel/session'])
      expect(byName.get(name)?.[0].useIn, `${remote} uses the page's ${name} on ${route}`).toContain(remote);
  }
  for (const remote of zodUsers)
    expect(byName.get('shared-kernel/zod')?.[0].useIn, `${remote} uses the page's shared-kernel/zod on ${route}`).toContain(remote);
  // API contracts are bundled by each build (ADR 0030, ADR 0038) and so never appear as shared.
  for (const contract of KERNEL_CONTRACTS) expect(byName.has(contract), `${contract} is not shared`).toBe(false);

  // By content: each marked module is in exactly one of the page's scripts, and that one is the shell's.
  for (const [name, marker] of Object.entries(MARKERS)) {
    if (!kernelLoaded.includes(name)) continue;
    const carriers = await scriptsCarrying(scripts, marker);
    expect(carriers, `scripts carrying ${name} on ${route}`).toHaveLength(1);
    expect(new URL(carriers[0]).origin, `${name} on ${route} comes from the shell`).toBe(shellOrigin);
  }
  console.log(
    `[one kernel] ${route}: ${kernelLoaded.map((name) => name.replace('shared-kernel/', '')).join(', ')} once; ${scripts.size} scripts`,
  );
}

test('the product page loads zod and each kernel singleton once, from the shell', async ({ page }) => {
  const scripts = collectScripts(page);
  await page.goto('/public/detail-view/27');
  await expect(page.getByTestId('product-name')).toBeVisible();
  await expect(page.getByTestId('widget-mf-booking-booking-panel')).toHaveAttribute('data-state', 'ready');
  // mf-public's product page checks nothing on its first load (ADR 0056): only the booking panel's form uses zod.
  await expectOneKernel(page, scripts, '/public/detail-view/27', ['mf_public', 'mf_booking'], ['mf_booking']);
});

test('/auth/contracts loads zod and each kernel singleton once, from the shell', async ({ page }) => {
  await signIn(page, DEMO.renter.username, DEMO.renter.password);
  await expect(page).not.toHaveURL(/\/public\/login/);
  const scripts = collectScripts(page);
  await page.goto('/auth/contracts');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectOneKernel(page, scripts, '/auth/contracts', ['mf_booking']);
});
