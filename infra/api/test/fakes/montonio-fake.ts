import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Montonio's Stargate API v2 (docs.montonio.com/api/stargate), on its own
 * origin as the real one is:
 * - `GET /api/stores/payment-methods` behind `Authorization: Bearer <JWT>` (HS256, accessKey, exp);
 * - `POST /api/orders` with `{"data": <JWT of the order>}`, answered with the order's `uuid` and
 *   `paymentUrl`; the order is checked as Montonio documents it (accessKey, totals, currency);
 * - a payment page at `/pay/:uuid` where a person picks the outcome, then the signed order token
 *   POSTed to the order's `notificationUrl` as `{"orderToken": …}` and the browser sent to its
 *   `returnUrl?order-token=…`.
 * Written here, not borrowed from the API, so a mistake in the API's token code cannot hide behind
 * the same mistake in the fake.
 */

export type MontonioStatus = 'PAID' | 'PENDING' | 'VOIDED' | 'ABANDONED' | 'AUTHORIZED' | 'REFUNDED' | 'PARTIALLY_REFUNDED';

export interface FakeMontonioOrder {
  uuid: string;
  /** The decoded order JWT exactly as the merchant sent it. */
  claims: Record<string, unknown>;
  /** The raw request body of `POST /api/orders`. */
  rawBody: string;
}

export interface FakeMontonio {
  url: string;
  /** Base URL of the API, as PAYMENT_PROVIDER_URL. */
  apiUrl: string;
  orders: FakeMontonioOrder[];
  /** Every request: method, path and the Authorization header. */
  requests: { method: string; path: string; authorization?: string }[];
  /** Notifications delivered to the merchant, with the merchant's answer. */
  notifications: { merchantReference: string; paymentStatus: string; status: number; body: string }[];
  /** Answers `POST /api/orders` and the bank list with this status instead (0: normal). */
  failWith: number;
  /** An order token for an order, signed as Montonio signs it (`overrides` may forge any claim). */
  orderToken(uuid: string, paymentStatus: MontonioStatus, overrides?: Record<string, unknown>, secret?: string): string;
  /** Sends the webhook for an order (as Montonio does on a status change); answers the merchant's status. */
  notify(uuid: string, paymentStatus: MontonioStatus, overrides?: Record<string, unknown>, secret?: string): Promise<number>;
  close(): Promise<void>;
}

export const FAKE_MONTONIO_BANKS = [
  { code: 'HABAEE2X', name: 'Swedbank' },
  { code: 'EEUHEE2X', name: 'SEB' },
  { code: 'LHVBEE22', name: 'LHV' },
  // A bank that takes no euros: a merchant must not offer it for a EUR order.
  { code: 'PLBANK', name: 'Polski Bank', currencies: ['PLN'] },
];

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function signJwt(payload: Record<string, unknown>, secret: string, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...payload, iat, exp: iat + 600 })}`;
  return `${input}.${crypto.createHmac('sha256', secret).update(input).digest('base64url')}`;
}

function verifyJwt(token: string, secret: string, nowMs: number): Record<string, unknown> | null {
  const [header, body, signature] = token.split('.');
  if (!header || !body || !signature) return null;
  try {
    if ((JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string }).alg !== 'HS256') return null;
    const expected = crypto.createHmac('sha256', secret).update(`${header}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    // Montonio requires exp on every token.
    return typeof payload.exp === 'number' && payload.exp * 1000 >= nowMs ? payload : null;
  } catch {
    return null;
  }
}

/** Montonio refuses an order whose shape it does not accept (400 with a message). */
function orderProblem(o: Record<string, unknown>, accessKey: string): string | null {
  if (o.accessKey !== accessKey) return 'Invalid access key';
  for (const k of ['merchantReference', 'returnUrl', 'notificationUrl', 'currency', 'locale'])
    if (typeof o[k] !== 'string' || !o[k]) return `${k} is required`;
  if (typeof o.grandTotal !== 'number' || !(o.grandTotal > 0)) return 'grandTotal must be a positive number';
  if (Math.round(o.grandTotal * 100) / 100 !== o.grandTotal) return 'grandTotal has more than 2 decimals';
  const p = o.payment as Record<string, unknown> | undefined;
  if (!p || typeof p.method !== 'string' || p.amount !== o.grandTotal || p.currency !== o.currency)
    return 'payment must repeat the amount and currency';
  if (p.method === 'paymentInitiation') {
    const code = (p.methodOptions as { preferredProvider?: unknown } | undefined)?.preferredProvider;
    if (code !== undefined && !FAKE_MONTONIO_BANKS.some((b) => b.code === code)) return 'Unknown preferredProvider';
  }
  return null;
}

export async function startFakeMontonio(options: {
  accessKey: string;
  secret: string;
  /** The merchant's public API base as orders name it, and where this machine reaches it. */
  merchantApi?: { publicBase: string; internalBase: string };
  /** The provider's clock (ms), for tokens' iat/exp; a test app on a fixed clock passes its own. */
  now?: () => number;
}): Promise<FakeMontonio> {
  const now = options.now ?? (() => Date.now());
  const orders: FakeMontonioOrder[] = [];
  let origin = '';
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const orderOf = (uuid: string) => orders.find((o) => o.uuid === uuid);
  const reach = (url: string) =>
    options.merchantApi ? url.replace(options.merchantApi.publicBase, options.merchantApi.internalBase) : url;

  const fake: FakeMontonio = {
    url: '',
    apiUrl: '',
    orders,
    requests: [],
    notifications: [],
    failWith: 0,
    orderToken(uuid, paymentStatus, overrides = {}, secret = options.secret) {
      const order = orderOf(uuid);
      if (!order) throw new Error(`fake Montonio: no order ${uuid}`);
      const c = order.claims;
      const p = c.payment as { method: string; methodOptions?: { preferredProvider?: string } };
      return signJwt(
        {
          uuid,
          accessKey: options.accessKey,
          merchantReference: c.merchantReference,
          merchantReferenceDisplay: c.merchantReference,
          paymentStatus,
          paymentMethod: p.method,
          grandTotal: c.grandTotal,
          currency: c.currency,
          senderIban: 'EE382200221020145685',
          senderName: 'Mari Maasikas',
          paymentProviderName: p.methodOptions?.preferredProvider ?? null,
          ...overrides,
        },
        secret,
        now(),
      );
    },
    async notify(uuid, paymentStatus, overrides, secret) {
      const order = orderOf(uuid);
      if (!order) throw new Error(`fake Montonio: no order ${uuid}`);
      const token = fake.orderToken(uuid, paymentStatus, overrides, secret);
      const answer = await fetch(reach(String(order.claims.notificationUrl)), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderToken: token }),
      });
      const body = await answer.text();
      fake.notifications.push({ merchantReference: String(order.claims.merchantReference), paymentStatus, status: answer.status, body });
      return answer.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        fake.requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization });
        if (req.method === 'GET' && url.pathname === '/api/stores/payment-methods') {
          if (fake.failWith) return json(res, fake.failWith, { message: 'down' });
          const claims = verifyJwt((req.headers.authorization ?? '').replace(/^Bearer /, ''), options.secret, now());
          if (!claims || claims.accessKey !== options.accessKey) return json(res, 401, { statusCode: 401, message: 'Unauthorized' });
          return json(res, 200, {
            uuid: 'b1e5c3a0-store',
            name: 'Rendime',
            paymentMethods: {
              paymentInitiation: {
                processor: 'montonio',
                setup: {
                  EE: {
                    supportedCurrencies: ['EUR'],
                    paymentMethods: FAKE_MONTONIO_BANKS.map((b, i) => ({
                      code: b.code,
                      name: b.name,
                      logoUrl: `${origin}/images/aspsps_logos/${b.code}.png`,
                      supportedCurrencies: b.currencies ?? ['EUR'],
                      uiPosition: i + 1,
                    })),
                  },
                  LV: {
                    supportedCurrencies: ['EUR'],
                    paymentMethods: [
                      { code: 'HABALV22', name: 'Swedbank LV', logoUrl: `${origin}/x.png`, supportedCurrencies: ['EUR'], uiPosition: 1 },
                    ],
                  },
                },
              },
              cardPayments: { processor: 'adyen', logoUrl: `${origin}/images/logos/visa-mc.png` },
            },
          });
        }
        if (req.method === 'POST' && url.pathname === '/api/orders') {
          if (fake.failWith) return json(res, fake.failWith, { message: 'down' });
          let data = '';
          try {
            data = String((JSON.parse(raw) as { data?: unknown }).data ?? '');
          } catch {
            return json(res, 400, { message: 'Body must be JSON' });
          }
          const claims = verifyJwt(data, options.secret, now());
          if (!claims) return json(res, 401, { message: 'Invalid token' });
          const problem = orderProblem(claims, options.accessKey);
          if (problem) return json(res, 400, { message: problem });
          const uuid = crypto.randomUUID();
          orders.push({ uuid, claims, rawBody: raw });
          return json(res, 200, {
            uuid,
            paymentStatus: 'PENDING',
            merchantReference: claims.merchantReference,
            grandTotal: String(claims.grandTotal),
            currency: claims.currency,
            paymentUrl: `${origin}/pay/${uuid}`,
          });
        }
        if (req.method === 'GET' && url.pathname.startsWith('/images/')) {
          // The banks' logos, as Montonio's public image host serves them.
          res.writeHead(200, { 'content-type': 'image/svg+xml' });
          res.end('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="48"><rect width="120" height="48" fill="#39c689"/></svg>');
          return;
        }
        const pay = /^\/pay\/([0-9a-f-]{36})$/.exec(url.pathname);
        const order = pay ? orderOf(pay[1]) : undefined;
        if (pay && !order) return json(res, 404, { message: 'No such order' });
        if (req.method === 'GET' && order) {
          const c = order.claims;
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          const button = (status: MontonioStatus, label: string) =>
            `<form method="post"><input type="hidden" name="status" value="${status}"><button type="submit">${label}</button></form>`;
          res.end(`<!doctype html><html lang="et"><head><meta charset="utf-8"><title>Montonio</title></head><body>
<h1>Makse ${Number(c.grandTotal).toFixed(2)} ${String(c.currency)}</h1><p>Viide ${String(c.merchantReference)}</p>
${button('PAID', 'Kinnita makse')}${button('VOIDED', 'Makse ebaõnnestub')}${button('ABANDONED', 'Katkesta')}
</body></html>`);
          return;
        }
        if (req.method === 'POST' && order) {
          const status = (new URLSearchParams(raw).get('status') ?? 'PAID') as MontonioStatus;
          await fake.notify(order.uuid, status);
          const back = `${String(order.claims.returnUrl)}?order-token=${encodeURIComponent(fake.orderToken(order.uuid, status))}`;
          res.writeHead(303, { location: back });
          res.end();
          return;
        }
        json(res, 404, { message: 'Not found' });
      })().catch((error: unknown) => json(res, 500, { message: `fake Montonio failed: ${String(error)}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = origin;
  fake.apiUrl = `${origin}/api`;
  return fake;
}
