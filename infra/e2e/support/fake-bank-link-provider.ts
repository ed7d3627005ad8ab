import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the bank-link (payment-initiation) provider of the production-profile
// journey, on its own origin as the real one is: the bank list behind the merchant's bearer
// token, signed orders answered with a hosted bank page, and on the payer's choice a signed
// notification to the merchant and the browser sent back with the return token. It checks every
// signature with the merchant's secret, so an API that signs wrongly fails the journey here.

export interface FakeBankLinkProvider {
  url: string;
  origin: string;
  /** Notifications delivered to the merchant, with the merchant's answer status. */
  notifications: { merchantReference: string; status: number }[];
  close(): Promise<void>;
}

interface Order {
  merchantReference: string;
  notificationUrl: string;
  returnUrl: string;
  amountCents: number;
}

// HS256 compact JWS, as the provider signs and checks it (written here, not borrowed from the
// API, so a mistake in the API's token code cannot hide behind the same mistake in the fake).
function signJwt(payload: Record<string, unknown>, secret: string): string {
  const iat = Math.floor(Date.now() / 1000);
  const input = `${Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...payload, iat, exp: iat + 600 })).toString('base64url')}`;
  return `${input}.${crypto.createHmac('sha256', secret).update(input).digest('base64url')}`;
}

function verifyJwt(token: string, secret: string): Record<string, unknown> | null {
  const [header, body, signature] = token.split('.');
  if (!header || !body || !signature) return null;
  const expected = crypto.createHmac('sha256', secret).update(`${header}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  return typeof payload.exp === 'number' && payload.exp * 1000 < Date.now() ? null : payload;
}

const BANKS = [
  { code: 'HABAEE2X', name: 'Swedbank' },
  { code: 'EEUHEE2X', name: 'SEB' },
];

export async function startFakeBankLinkProvider(options: {
  accessKey: string;
  secret: string;
  /** The merchant's public API base as the orders name it, and where this machine reaches it. */
  merchantApi: { publicBase: string; internalBase: string };
}): Promise<FakeBankLinkProvider> {
  const orders = new Map<string, Order>();
  const notifications: FakeBankLinkProvider['notifications'] = [];
  let origin = '';
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, authorization', 'access-control-allow-methods': 'GET, POST' };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', ...cors });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        if (req.method === 'OPTIONS') return json(res, 204, {});
        if (req.method === 'GET' && url.pathname === '/stores/payment-methods') {
          const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
          const claims = verifyJwt(token, options.secret);
          if (!claims || claims.accessKey !== options.accessKey) return json(res, 401, { message: 'Unauthorized' });
          return json(res, 200, BANKS.map((b) => ({ code: b.code, name: b.name, logoUrl: `${origin}/logos/${b.code}.svg` })));
        }
        if (req.method === 'POST' && url.pathname === '/orders') {
          const data = (JSON.parse(raw || '{}') as { data?: string }).data ?? '';
          const order = verifyJwt(data, options.secret) as (Order & { accessKey?: string }) | null;
          if (!order || order.accessKey !== options.accessKey) return json(res, 400, { message: 'Invalid signature' });
          const id = crypto.randomBytes(12).toString('base64url');
          orders.set(id, order);
          return json(res, 200, { paymentUrl: `${origin}/pay/${id}` });
        }
        const pay = /^\/pay\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
        const order = pay ? orders.get(pay[1]) : undefined;
        if (pay && !order) return json(res, 404, { message: 'No such order' });
        if (req.method === 'GET' && order) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(`<!doctype html><html lang="et"><head><meta charset="utf-8"><title>Pank</title></head><body>
<h1>Makse ${(order.amountCents / 100).toFixed(2)} EUR</h1>
<form method="post"><input type="hidden" name="choice" value="PAID"><button type="submit">Kinnita makse</button></form>
</body></html>`);
          return;
        }
        if (req.method === 'POST' && order) {
          const token = signJwt({ merchantReference: order.merchantReference, paymentStatus: 'PAID', notificationId: crypto.randomUUID() }, options.secret);
          const target = order.notificationUrl.replace(options.merchantApi.publicBase, options.merchantApi.internalBase);
          const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: token }) });
          notifications.push({ merchantReference: order.merchantReference, status: answer.status });
          res.writeHead(303, { location: `${order.returnUrl}?order-token=${encodeURIComponent(token)}` });
          res.end();
          return;
        }
        json(res, 404, { message: 'Not found' });
      })().catch(() => json(res, 500, { message: 'fake provider failed' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: origin, origin, notifications, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
