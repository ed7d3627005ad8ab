// Issue 15, acceptance 5, as a benchmark (figures, not a timed test: CI's load makes timings noise):
// 300 concurrent heavy list requests (searches of 100 products, the map's markers) over real HTTP
// from another process; meanwhile `/health` and a sign-in are probed on an open connection. Heavy
// requests queue at the concurrency gate (config.heavyConcurrency); those two skip it.
// Run: pnpm --filter infra-api bench:load   (DATABASE_URL=postgres://… for PostgreSQL)
import { spawn } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import { createTestDatabase, testFilesDir } from '../src/testing/test-database';

let base = '';

const HEAVY = [
  '/products/search?perPage=100',
  '/products/search?perPage=100&name=auto',
  '/products/markers?minLat=57&minLon=21&maxLat=60&maxLon=29&limit=20000',
];

/**
 * Probes on their own kept-alive connection, opened before the burst: in production the API's
 * callers are the shell's proxy and the load balancer's health check, on open connections; a
 * new connection per probe would measure the kernel's accept queue behind 300 others.
 */
const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function probe(method: 'GET' | 'POST', path: string, body?: object): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent: probeAgent,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ ms: performance.now() - t, status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
const signInOnce = () => probe('POST', '/login', { username: 'rentija@rendime.ee', password: 'Rentija123' });

/** The burst runs in its own process, as real visitors would: the test's own event loop only probes. */
const BURST = `
const [base, n, ...paths] = process.argv.slice(1);
const t0 = performance.now();
const one = async (i) => { const r = await fetch(base + paths[i % paths.length]); await r.arrayBuffer(); return r.status; };
const statuses = await Promise.all(Array.from({ length: Number(n) }, (_, i) => one(i)));
console.log(JSON.stringify({ ms: performance.now() - t0, statuses: [...new Set(statuses)] }));
`;

function burst(n: number): { started: Promise<void>; done: Promise<{ ms: number; statuses: number[] }> } {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BURST, base, String(n), ...HEAVY], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const started = new Promise<void>((resolve) => child.once('spawn', () => resolve()));
  const done = new Promise<{ ms: number; statuses: number[] }>((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as { ms: number; statuses: number[] }) : reject(new Error(`burst exited with ${code}`)),
    ),
  );
  return { started, done };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const database = await createTestDatabase({ demo: true });
  const app = await buildApp({
    database,
    config: { filesDir: testFilesDir(), seedDemoData: false, sandboxServices: true, cookieSecure: false, rateLimits: false },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    // Warm: the first search, marker query and sign-in of a process compile routes and plans.
    for (const path of HEAVY) await probe('GET', path);
    await signInOnce();
    await probe('GET', '/health');
    // The same sign-in without the burst: the baseline the figures under load compare with.
    const quiet: number[] = [];
    for (let i = 0; i < 5; i++) quiet.push((await signInOnce()).ms);
    // The API's event loop: the longest stretch it could not serve anything (PGlite runs on it).
    let last = performance.now();
    let stall = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      stall = Math.max(stall, now - last);
      last = now;
    }, 10);
    const load = burst(300);
    await load.started;
    await new Promise((r) => setTimeout(r, 500));
    const health: number[] = [];
    const signIn: number[] = [];
    for (let i = 0; i < 5; i++) {
      health.push((await probe('GET', '/health')).ms);
      signIn.push((await signInOnce()).ms);
    }
    const result = await load.done;
    clearInterval(ticker);
    console.log(`300 heavy requests: ${result.ms.toFixed(0)} ms (statuses ${result.statuses.join(',')})`);
    console.log(
      `/health: ${health.map((m) => m.toFixed(0)).join(', ')} ms (median ${median(health).toFixed(0)}, max ${Math.max(...health).toFixed(0)})`,
    );
    console.log(`sign-in without the burst: median ${median(quiet).toFixed(0)} ms`);
    console.log(`longest event-loop stall during the burst: ${stall.toFixed(0)} ms`);
    console.log(
      `sign-in: ${signIn.map((m) => m.toFixed(0)).join(', ')} ms (median ${median(signIn).toFixed(0)}, max ${Math.max(...signIn).toFixed(0)})`,
    );
  } finally {
    probeAgent.destroy();
    await app.close();
    await database.close();
  }
}

void main();
