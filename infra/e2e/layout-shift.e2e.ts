// Issue 16, acceptance 3: a cold load of the front, search and product pages shifts its layout
// by at most 0.1 (CLS), counted from navigation until the page's main content has rendered plus 1 s.
import { coldLoad, PERF_ROUTES } from './support/cold-load';
import { baseUrl, expect, test } from './support/fixtures';

const CLS_LIMIT = 0.1;

for (const route of PERF_ROUTES) {
  test(`${route.key} page (${route.path}) loads without layout shift`, async ({ browser }) => {
    const load = await coldLoad(browser, baseUrl, route.path, route.ready);
    console.log(`[cls] ${route.key}: ${load.cls.toFixed(4)} in ${load.shifts.length} shifts; JS ${load.jsBrotli} B brotli in ${load.jsRequests} files, ${load.requests} requests`);
    const detail = load.shifts.map((s) => `${s.value.toFixed(4)} at ${s.at} ms: ${s.sources.join(', ')}`).join('\n');
    expect(load.cls, `layout shifts on ${route.path}:\n${detail}`).toBeLessThanOrEqual(CLS_LIMIT);
  });
}
