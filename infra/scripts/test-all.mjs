#!/usr/bin/env node
// `npm test`: every test of the repo, in the order that fails fastest. Each step prints its own
// output; the last line sums the steps up.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { repoRoot } from './lib/config.mjs';
import { ensureChromium, ensurePdftotext, ensurePostgres } from './lib/system-deps.mjs';
import { buildAll } from './lib/platform.mjs';
import { bundleDirs, findPrecompressProblems, findUnsafeBundleContent } from './lib/bundle-check.mjs';

const results = [];
function step(name, fn) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  let ok = true;
  try {
    const r = fn();
    if (r === false) ok = false;
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    ok = false;
  }
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok, secs });
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${secs} s)`);
  return ok;
}
function run(cmd, args, env = {}) {
  return spawnSync(cmd, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
}

/**
 * Steps that each leave a core idle (tsc per package, eslint in one process) run side by side on
 * CI's two cores. Each step's output is held back and printed whole when it ends, so the log reads
 * as if they had run one after the other.
 */
async function together(steps) {
  const started = Date.now();
  const outcomes = await Promise.all(
    steps.map(
      ([name, cmd, args, env = {}]) =>
        new Promise((resolve) => {
          const t0 = Date.now();
          const chunks = [];
          const child = spawn(cmd, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (c) => chunks.push(c));
          child.stderr.on('data', (c) => chunks.push(c));
          child.on('error', (e) => chunks.push(Buffer.from(`${e.message}\n`)));
          child.on('close', (code) =>
            resolve({ name, ok: code === 0, secs: ((Date.now() - t0) / 1000).toFixed(1), output: Buffer.concat(chunks) }),
          );
        }),
    ),
  );
  for (const o of outcomes) {
    console.log(`\n=== ${o.name}`);
    process.stdout.write(o.output);
    console.log(`=== ${o.name}: ${o.ok ? 'ok' : 'FAILED'} (${o.secs} s)`);
    results.push({ name: o.name, ok: o.ok, secs: o.secs });
  }
  console.log(`(side by side: ${((Date.now() - started) / 1000).toFixed(1)} s in all)`);
}

const only = process.argv.slice(2);
const want = (n) => only.length === 0 || only.includes(n);

let pgUrl = null;
// The replica journey (infra/e2e/replicas.e2e.ts) runs two APIs on a PostgreSQL database too.
if (want('api-pg') || want('e2e')) pgUrl = await ensurePostgres();
if (want('e2e')) ensureChromium();
if (want('api') || want('api-pg')) ensurePdftotext();

// Jest's default on CI's two cores is one worker (cores - 1), leaving a core idle while the main
// process waits: every jest step asks for two. The API's test files each get their own database
// (a PGlite copy or a uniquely named PostgreSQL database), so they run side by side safely.
const checks = [];
if (want('typecheck')) checks.push(['typecheck', 'pnpm', ['-r', '--workspace-concurrency=2', 'run', 'typecheck']]);
// Typed linting of the whole repo holds every package's TypeScript program at once: past Node's
// default heap (about 4 GB) since the slices' declarations and the kernel split (issue 26).
if (want('lint'))
  checks.push([
    'lint',
    'pnpm',
    ['exec', 'eslint', '.', '--max-warnings=0'],
    { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=8192`.trim() },
  ]);
// The import graph (.dependency-cruiser.cjs): no cycle anywhere, repositories never import services (issue 26).
if (want('lint')) checks.push(['import graph', 'pnpm', ['run', '-s', 'depcruise']]);
// One code style, checked rather than argued about in review (issue 26): `pnpm run format` fixes it.
if (want('lint')) checks.push(['format', 'pnpm', ['exec', 'prettier', '--check', '.', '--log-level=warn']]);
if (checks.length > 0) await together(checks);
if (want('unit')) {
  step('unit and component tests', () =>
    run('pnpm', [
      '-r',
      '--workspace-concurrency=1',
      '--filter',
      'shared-kernel',
      '--filter',
      'shell',
      '--filter',
      './mf-*',
      'run',
      'test',
      '--ci',
      '--maxWorkers=2',
    ]),
  );
}
if (want('unit'))
  step('platform tooling tests (registry, slice boundaries)', () =>
    run('pnpm', ['--filter', 'infra', 'run', 'test:unit', '--ci', '--maxWorkers=2']),
  );
// The whole API suite runs on PostgreSQL, the production database. On PGlite (the embedded default
// of `npm start`, which every journey runs on too) only the files whose outcome depends on the SQL
// engine: migrations, locks and concurrency, the job queue and outbox, search and availability
// queries, persistence across restarts (ADR 0037).
const ENGINE_SENSITIVE_API_TESTS = [
  'migrations',
  'persistence',
  'pglite-fairness',
  'concurrency',
  'booking-concurrency',
  'job-queue',
  'outbox',
  'live-stream',
  'search',
  'availability',
  'places',
  'load',
  'money-property',
];
if (want('api')) {
  step('API tests on PGlite (engine-sensitive files)', () => {
    // A renamed file would silently leave the list: refuse to run a list that names a missing one.
    const missing = ENGINE_SENSITIVE_API_TESTS.filter((name) => !existsSync(path.join(repoRoot, 'infra/api/test', `${name}.test.ts`)));
    if (missing.length > 0) throw new Error(`ENGINE_SENSITIVE_API_TESTS names missing files: ${missing.join(', ')}`);
    return run(
      'pnpm',
      ['--filter', 'infra-api', 'run', 'test', '--ci', ...ENGINE_SENSITIVE_API_TESTS.map((name) => `test/${name}.test.ts$`)],
      { DATABASE_URL: '' },
    );
  });
}
if (want('api-pg'))
  step('API tests on PostgreSQL', () => run('pnpm', ['--filter', 'infra-api', 'run', 'test', '--ci'], { DATABASE_URL: pgUrl }));
// Built as a deployment builds them (no sandbox sign-in; the journeys do not use it), then checked for it.
if (want('build')) step('production builds', () => buildAll({ sandbox: false }));
if (want('build')) {
  step('production bundles carry no sandbox code and link no source maps', () => {
    const found = findUnsafeBundleContent(bundleDirs());
    for (const f of found) console.error(`  ${f.file}: ${f.what}`);
    return found.length === 0;
  });
}
// The servers send a build's .br/.gz copies in place of its files: each must be the file, compressed.
if (want('build')) {
  step("production bundles' precompressed copies are their files", () => {
    const found = findPrecompressProblems(bundleDirs());
    for (const f of found) console.error(`  ${f.file}: ${f.what}`);
    return found.length === 0;
  });
}
// The API artefact keeps packages external (infra/api/scripts/build.mjs), the kernel's among them:
// each must be a dependency of infra-api, or the deployed image (production dependencies only)
// cannot start. A dependency removed as "unused" by the API's own sources once broke exactly that.
if (want('build')) {
  step('the API artefact requires only declared dependencies', () => {
    const apiDir = path.join(repoRoot, 'infra/api');
    const pkg = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8'));
    const declared = new Set(Object.keys(pkg.dependencies ?? {}));
    const bundle = readFileSync(path.join(apiDir, 'dist/server.js'), 'utf8');
    const required = new Set(
      [...bundle.matchAll(/require\("((?:@[^/"]+\/)?[^/"]+)[^"]*"\)/g)]
        .map((m) => m[1])
        .filter((name) => !name.startsWith('node:') && !builtinModules.includes(name)),
    );
    const missing = [...required].filter((name) => !declared.has(name));
    for (const name of missing)
      console.error(`  infra/api/dist/server.js requires ${name}, which infra/api/package.json does not list in dependencies`);
    return missing.length === 0;
  });
}
// Playwright Test reads CI from the environment (forbids test.only); it takes no --ci flag.
if (want('e2e')) step('real-browser journeys', () => run('pnpm', ['--filter', 'infra', 'run', 'test'], { RENDIME_E2E_PG_URL: pgUrl }));
// Asked for by name only: the budget journey prints the same bytes per page, and CI's 30 minutes
// (about 35 s of a cold platform start and three loads) are better spent on the journeys.
if (only.includes('bench')) step('front page bytes (figures, not a test)', () => run(process.execPath, ['infra/scripts/bench-bundle.mjs']));

const failed = results.filter((r) => !r.ok);
console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.name} (${r.secs} s)`);
const failedJourneys = path.join(repoRoot, 'infra/e2e/results/failed-journeys.txt');
if (want('e2e') && existsSync(failedJourneys)) {
  const lines = readFileSync(failedJourneys, 'utf8').trim();
  if (lines) console.log(`\nFailed journeys\n${lines.replace(/^/gm, '  ')}`);
}
console.log(`steps: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
