// Issue 29, acceptance 7, as a benchmark (figures, not a timed test): how fast the health checks
// answer while 500 searches run at once. The API listens on a real port; the searches and the
// probes come from two other processes, and every probe opens a new connection, as a Kubernetes
// kubelet's does. Prints p50 / p99 / max per health path, on the API's port and on the health port.
// Run: pnpm --filter infra-api bench:health   (DATABASE_URL=postgres://… for PostgreSQL)
import { spawn } from 'node:child_process';
import { buildApp } from '../src/app';
import { createTestDatabase, testFilesDir } from '../src/testing/test-database';
import { closeHealthServer, startHealthServer } from '../src/services/health';
import { postgresReachable } from './postgres-reachable';

const SEARCHES = 500;
const PATHS = ['/health', '/health/live', '/health/ready'];
/** The health port's own server (HEALTH_PORT, what the Kubernetes probes use). */
const LANE_PATHS = ['/health/live', '/health/ready'];
const SEARCH_PATHS = [
  '/products/search?perPage=100',
  '/products/search?perPage=100&name=auto',
  '/products/search?perPage=50&sort=CHEAP_FIRST',
];

/** All searches at once on their own connections; prints when they are all answered. */
const BURST = `
import http from 'node:http';
const [base, n, ...paths] = process.argv.slice(1);
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const one = (i) => new Promise((resolve) => {
  const req = http.get(base + paths[i % paths.length], { agent }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); });
  req.on('error', () => resolve(0));
});
const t0 = performance.now();
const statuses = await Promise.all(Array.from({ length: Number(n) }, (_, i) => one(i)));
const counts = {};
for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
console.log(JSON.stringify({ ms: performance.now() - t0, counts }));
`;

/** Probes the health URLs in turn, each on a new connection, until told to stop (stdin closes). */
const PROBE = `
import http from 'node:http';
const paths = process.argv.slice(1);
const times = Object.fromEntries(paths.map((p) => [p, []]));
const failures = Object.fromEntries(paths.map((p) => [p, 0]));
let running = true;
process.stdin.on('end', () => { running = false; });
process.stdin.resume();
const probe = (path) => new Promise((resolve) => {
  const t = performance.now();
  const req = http.get(path, { agent: false, timeout: 10000 }, (res) => { res.resume(); res.on('end', () => resolve([performance.now() - t, res.statusCode])); });
  req.on('timeout', () => req.destroy());
  req.on('error', () => resolve([performance.now() - t, 0]));
});
while (running) {
  for (const path of paths) {
    const [ms, status] = await probe(path);
    times[path].push(ms);
    if (status !== 200) failures[path] += 1;
  }
  await new Promise((r) => setTimeout(r, 20));
}
console.log(JSON.stringify({ times, failures }));
`;

function child(script: string, args: string[]): { done: Promise<string>; stop: () => void } {
  const proc = spawn(process.execPath, ['--input-type=module', '-e', script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const done = new Promise<string>((resolve, reject) =>
    proc.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`child exited with ${code}`)))),
  );
  return { done, stop: () => proc.stdin.end() };
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function main(): Promise<void> {
  if (process.env.DATABASE_URL && !(await postgresReachable()))
    throw new Error(`PostgreSQL at ${process.env.DATABASE_URL} is not reachable`);
  const database = await createTestDatabase({ demo: true });
  const app = await buildApp({
    database,
    config: { filesDir: testFilesDir(), seedDemoData: false, sandboxServices: true, cookieSecure: false, rateLimits: false },
  });
  await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const lane = await startHealthServer(app, { port: 0, host: '127.0.0.1', timeouts: app.config.serverTimeouts });
  const laneBase = `http://127.0.0.1:${(lane.address() as { port: number }).port}`;
  const urls = [...PATHS.map((p) => `${base}${p}`), ...LANE_PATHS.map((p) => `${laneBase}${p}`)];
  try {
    // Warm: the first search and health checks of a process compile routes and plans.
    for (const path of [...SEARCH_PATHS, ...PATHS]) await (await fetch(`${base}${path}`)).arrayBuffer();
    const probes = child(PROBE, urls);
    await new Promise((r) => setTimeout(r, 300));
    const burst = child(BURST, [base, String(SEARCHES), ...SEARCH_PATHS]);
    const searches = JSON.parse(await burst.done) as { ms: number; counts: Record<string, number> };
    probes.stop();
    const { times, failures } = JSON.parse(await probes.done) as { times: Record<string, number[]>; failures: Record<string, number> };
    console.log(
      `${SEARCHES} concurrent searches on ${database.kind}: all answered in ${searches.ms.toFixed(0)} ms (statuses ${JSON.stringify(searches.counts)})`,
    );
    for (const url of urls) {
      const xs = times[url];
      const label = `${url.startsWith(laneBase) ? 'health port' : 'API port'} ${new URL(url).pathname}`;
      console.log(
        `${label.padEnd(26)} ${String(xs.length).padStart(4)} probes  p50 ${percentile(xs, 50).toFixed(1)} ms  p99 ${percentile(xs, 99).toFixed(1)} ms  max ${Math.max(...xs).toFixed(1)} ms  not 200: ${failures[url]}`,
      );
    }
  } finally {
    await closeHealthServer(lane);
    await app.close();
    await database.close();
  }
}

void main();
