import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SLICES } from '../../test/support/slices';
import {
  ApiErrorCode,
  ContractStatus,
  DeclineReason,
  NotificationType,
  PaymentStatus,
  PaymentTitleCode,
  ReservationStatus,
  RoleName,
  SearchSort,
  Weekday,
} from 'shared-kernel/schemas';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { repoRoot } = require('./e2e-env.cjs') as { repoRoot: string };

/** Every route every slice declares, read from the slices' generated remote.json (ADR 0028). */
export function declaredRoutes(): { slice: string; route: string }[] {
  return SLICES.flatMap((slice) => {
    const remote = JSON.parse(fs.readFileSync(path.join(repoRoot, slice, 'remote.json'), 'utf8')) as { routes: string[] };
    return remote.routes.map((route) => ({ slice, route }));
  });
}

/**
 * The API's codes a user must never read: the kernel's enums of statuses, roles, payment and
 * notification codes, error codes. Only code-shaped values (capitals, digits, underscores) are
 * looked for, as whole words and case-sensitive, so Estonian text never matches. B2B/B2C are
 * left out: the terms page uses them as the ordinary abbreviations they are.
 */
const CODES = [
  ReservationStatus,
  ContractStatus,
  RoleName,
  PaymentStatus,
  PaymentTitleCode,
  NotificationType,
  DeclineReason,
  ApiErrorCode,
  SearchSort,
  Weekday,
].flatMap((e) => e.options as readonly string[]);
const codePattern = new RegExp(`(?<![\\w-])(${[...new Set(CODES)].filter((c) => /^[A-Z][A-Z0-9_]{2,}$/.test(c)).join('|')})(?![\\w-])`);

/** What leaks when a value or a validation message reaches the page unmapped. */
export const RAW_TEXT: { what: string; pattern: RegExp }[] = [
  { what: 'an API code', pattern: codePattern },
  {
    what: "zod's English message",
    pattern:
      /Invalid input|Invalid (string|number|enum|type|date|email|option)|[Ee]xpected .{1,40} received|\bRequired\b|too_small|too_big|invalid_type|(String|Number|Array) must (contain|be)|Too (small|big)/,
  },
  { what: 'undefined', pattern: /\bundefined\b/ },
  { what: 'null', pattern: /(?<![\w-])null(?![\w-])/ },
  { what: 'NaN', pattern: /\bNaN\b/ },
  { what: 'Infinity', pattern: /\bInfinity\b/ },
  { what: '[object Object]', pattern: /\[object Object\]/ },
];

/** The text a user meets: rendered text plus the names and hints of visible elements. */
function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.body.innerText, document.title];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('[aria-label],[placeholder],[title],img[alt]'))) {
      if (el.getClientRects().length === 0) continue;
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
        const v = el.getAttribute(attr);
        if (v) parts.push(v);
      }
    }
    return parts.join('\n');
  });
}

export async function rawTextFindings(page: Page): Promise<string[]> {
  const text = await visibleText(page);
  const found: string[] = [];
  for (const line of text.split('\n')) {
    for (const { what, pattern } of RAW_TEXT) {
      const m = line.match(pattern);
      if (m) found.push(`${what} '${m[0]}' in "${line.trim().slice(0, 120)}"`);
    }
  }
  return [...new Set(found)];
}

/** axe-core's serious and critical violations, one line per rule with its first few targets. */
/**
 * Serious and critical violations, and any of `alsoRules` whatever its impact (a page that has
 * fixed a moderate one, such as landmark-unique, keeps it fixed).
 */
export async function axeFindings(page: Page, alsoRules: readonly string[] = []): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || alsoRules.includes(v.id))
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 4)
        .map(
          (n) =>
            `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n').slice(1).join(' ').trim().slice(0, 160)})` : ''}`,
        );
      return `axe ${v.impact} ${v.id} ×${v.nodes.length}: ${nodes.join(' | ')}`;
    });
}

/**
 * Waits until the page has settled: the shell's fallback and skeleton gone, nothing marked busy,
 * no spinner, and no request of the page's own in flight for a moment (the live stream excepted).
 */
export async function settle(page: Page, inflight: () => number): Promise<void> {
  const deadline = Date.now() + 8_000;
  let quietSince = 0;
  while (Date.now() < deadline) {
    const busy = await page
      .evaluate(
        () =>
          document.querySelector(
            '[data-testid="page-skeleton"],[data-testid="remote-fallback"][aria-busy="true"],[aria-busy="true"],.chakra-spinner,.chakra-skeleton',
          ) !== null,
      )
      .catch(() => true);
    if (!busy && inflight() === 0) {
      if (!quietSince) quietSince = Date.now();
      if (Date.now() - quietSince >= 250) return;
    } else quietSince = 0;
    await page.waitForTimeout(100);
  }
}

/** Counts the page's requests in flight, leaving out the never-ending live stream. */
export function trackRequests(page: Page): () => number {
  const open = new Set<object>();
  const isStream = (url: string) => url.includes('/api/live') || url.includes('event-stream');
  page.on('request', (r) => {
    if (!isStream(r.url())) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return () => open.size;
}
