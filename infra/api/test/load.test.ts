import { Gate } from '../src/plugins/abuse-limits';
import { createTestApp } from '../src/testing/test-app';

// Issue 15, acceptance 5: heavy requests queue at the concurrency gate (config.heavyConcurrency)
// and `/health` passes by it. The timings under 300 concurrent heavy requests are a benchmark
// (bench/load-bench.ts, `pnpm --filter infra-api bench:load`), not a timed test.

it('queues heavy requests at the gate and answers 503 SERVICE_BUSY when the queue is full; health and sign-in pass by', async () => {
  const gated = await createTestApp({ app: { config: { heavyConcurrency: 1, heavyQueueLimit: 2 } } });
  try {
    const burst = Array.from({ length: 10 }, () => gated.app.inject({ url: '/products/search?perPage=100' }));
    const health = gated.app.inject({ url: '/health' });
    const statuses = (await Promise.all(burst)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 503)).toHaveLength(7);
    expect((await health).statusCode).toBe(200);
    const busy = await gated.app.inject({ url: '/products/search' });
    expect(busy.statusCode).toBe(200);
  } finally {
    await gated.close();
  }
});

describe('the gate during a sign-in', () => {
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it('starts no queued request while a sign-in runs, and hands the free slots over when it ends', async () => {
    const gate = new Gate(2, 10);
    expect(await gate.enter()).toBe(true);
    expect(await gate.enter()).toBe(true);
    const started: number[] = [];
    void gate.enter().then(() => started.push(1));
    void gate.enter().then(() => started.push(2));
    gate.pause();
    gate.leave();
    gate.leave();
    await turn();
    await turn();
    expect(started).toEqual([]);
    // A new request during the sign-in queues too, even with both slots free.
    void gate.enter().then(() => started.push(3));
    await turn();
    expect(started).toEqual([]);
    gate.resume();
    await turn();
    await turn();
    expect(started).toEqual([1, 2]);
    gate.leave();
    await turn();
    await turn();
    expect(started).toEqual([1, 2, 3]);
  });
});
