import http from 'node:http';
import type net from 'node:net';
import { shutDown } from '../src/services/lifecycle';
import { createTestApp, type TestContext } from '../src/testing/test-app';

// Issue 29, graceful shutdown: on SIGTERM (server.ts calls shutDown) the replica says 'not ready'
// at once, keeps serving while the traffic moves away, lets requests in flight finish, and only
// then stops taking connections.

let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  // app.close() again is a no-op after a finished shutdown, and frees the port when the test failed first.
  await ctx.close();
});

/** A sign-in whose body arrives in pieces over `ms`: a request still in flight when the stop begins. */
function slowSignIn(ms: number): { answered: Promise<{ status: number; body: string }>; started: Promise<void> } {
  const body = JSON.stringify({ username: 'rentija@rendime.ee', password: 'Rentija123' });
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/login',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    const pieces = [body.slice(0, 10), body.slice(10, 30), body.slice(30)];
    req.write(pieces[0], () => markStarted());
    setTimeout(() => req.write(pieces[1]), ms / 2);
    setTimeout(() => req.end(pieces[2]), ms);
  });
  return { answered, started };
}

async function get(path: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { connection: 'close' } });
  await res.arrayBuffer();
  return res.status;
}

it('drains: not ready at once, still serving during the delay, lets a request in flight finish, then refuses connections', async () => {
  expect(await get('/health/ready')).toBe(200);
  const slow = slowSignIn(900);
  await slow.started;

  const stopping = shutDown(ctx.app, { delayMs: 400, timeoutMs: 10_000 });
  expect(await get('/health/ready')).toBe(503);
  expect(await get('/health/live')).toBe(200);
  // Still serving visitors whose requests were already on their way.
  expect(await get('/category')).toBe(200);

  const answer = await slow.answered;
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toMatchObject({ username: 'rentija@rendime.ee' });
  // The in-flight request's kept-alive connection is closed with its answer, not held for its timeout.
  const t0 = performance.now();
  expect(await stopping).toBe(true);
  expect(performance.now() - t0).toBeLessThan(2_000);
  await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
});
