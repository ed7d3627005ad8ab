// Issue 16, acceptance 1: the JS a cold load of the front, search and product pages fetches stays
// within the checked-in budgets (infra/perf-budgets.json says how they were set and how to update
// them). Bytes and file counts only: exact on a given build, no timing.
import fs from 'node:fs';
import path from 'node:path';
import { coldLoad, PERF_ROUTES } from './support/cold-load';
import { baseUrl, expect, test } from './support/fixtures';

interface Budget {
  jsBrotli: number;
  jsRequests: number;
}
const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../perf-budgets.json'), 'utf8')) as { routes: Record<string, { budget: Budget; target: Partial<Budget> }> };

for (const route of PERF_ROUTES) {
  test(`${route.key} page (${route.path}) stays within its JS budget`, async ({ browser }) => {
    const entry = file.routes[route.key];
    expect(entry, `infra/perf-budgets.json has no budget for ${route.key}`).toBeDefined();
    const load = await coldLoad(browser, baseUrl, route.path, route.ready);
    console.log(`[budget] ${route.key}: jsBrotli ${load.jsBrotli} (budget ${entry.budget.jsBrotli}, target ${entry.target.jsBrotli ?? '-'}), jsRequests ${load.jsRequests} (budget ${entry.budget.jsRequests}); ${load.requests} requests in all`);
    const files = load.scripts.map((s) => `${s.brotli}\t${s.url}`).join('\n');
    if (process.env.PERF_LIST) console.log(files);
    expect.soft(load.jsBrotli, `brotli JS bytes on ${route.path}:\n${files}`).toBeLessThanOrEqual(entry.budget.jsBrotli);
    expect.soft(load.jsRequests, `script files on ${route.path}:\n${files}`).toBeLessThanOrEqual(entry.budget.jsRequests);
  });
}
