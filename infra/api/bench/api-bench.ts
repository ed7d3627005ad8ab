// Median latency of the two hottest reads on PGlite (in memory, demo data), measured through
// fastify.inject (no network) and through real HTTP on loopback. Bounded iterations.
//   pnpm --filter infra-api bench [-- --iterations 400]
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import { createTestClock } from '../src/lib/clock';
import { createTestDatabase, testFilesDir } from '../src/testing/test-database';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ITERATIONS = Math.min(arg('iterations', 300), 5000);
const WARMUP = 30;

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), p95: q(0.95), min: s[0], n: s.length };
}
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function measure(run: (i: number) => Promise<void>): Promise<ReturnType<typeof stats>> {
  for (let i = 0; i < WARMUP; i++) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    await run(i);
    samples.push(performance.now() - t);
  }
  return stats(samples);
}

async function main(): Promise<void> {
  const database = await createTestDatabase({ demo: true });
  const app = await buildApp({
    database,
    clock: createTestClock(new Date()),
    config: { filesDir: testFilesDir(), seedDemoData: false, sandboxServices: true, cookieSecure: false },
  });
  const login = await app.inject({ method: 'POST', url: '/login', payload: { username: 'rentija@rendime.ee', password: 'Rentija123' } });
  const token = login.cookies.find((c) => c.name === 'rendime_sid')?.value;
  if (!token) throw new Error('demo sign-in failed');
  const ids = [1, 17, 42, 99, 150, 229, 260, 300];

  const rows: [string, ReturnType<typeof stats>][] = [];
  rows.push([
    'inject GET /products/{id}',
    await measure(async (i) => {
      const r = await app.inject({ url: `/products/${ids[i % ids.length]}` });
      if (r.statusCode !== 200) throw new Error(`status ${r.statusCode}`);
    }),
  ]);
  rows.push([
    'inject GET /users/session',
    await measure(async () => {
      const r = await app.inject({ url: '/users/session', headers: { cookie: `rendime_sid=${token}` } });
      if (r.statusCode !== 200) throw new Error(`status ${r.statusCode}`);
    }),
  ]);

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  rows.push([
    'http   GET /products/{id}',
    await measure(async (i) => {
      const r = await fetch(`${address}/products/${ids[i % ids.length]}`);
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`status ${r.status}`);
    }),
  ]);
  rows.push([
    'http   GET /users/session',
    await measure(async () => {
      const r = await fetch(`${address}/users/session`, { headers: { cookie: `rendime_sid=${token}` } });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`status ${r.status}`);
    }),
  ]);

  console.log(`PGlite (in memory, demo data), ${ITERATIONS} iterations after ${WARMUP} warm-up, Node ${process.version}`);
  for (const [name, s] of rows)
    console.log(`${name.padEnd(28)} median ${fmt(s.median).padStart(9)}   p95 ${fmt(s.p95).padStart(9)}   min ${fmt(s.min).padStart(9)}`);
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
