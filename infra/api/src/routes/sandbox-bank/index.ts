import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parse as parseForm } from 'node:querystring';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatEuros } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { PaymentOrderCreated } from 'shared-kernel/schemas';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error';
import { escapeHtml } from '../../lib/html';
import { packageRoot } from '../../lib/package-root';
import { mediaResponse, responses } from '../../schemas/responses';
import { signJwt, verifyJwt } from '../../services/payments/jwt';
import { decimalToCents, merchantUrls, SANDBOX_ACCESS_KEY, SANDBOX_SECRET, SignedOrder } from '../../services/payments/provider';
import { SANDBOX_BANKS, SANDBOX_LOGOS } from '../../services/payments/sandbox-banks';
import { WEBHOOK_JOB } from '../../repositories/outbox';

const PREFIX = '/sandbox/bank-link';
const LOGO_DIR = path.join(packageRoot(), 'assets', 'bank-logos');
/** The sandbox keeps this many orders (it is a stand-in); the oldest go first beyond this. */
const MAX_ORDERS = 10_000;
/** Montonio's statuses a person can end a sandbox payment with. */
const CHOICES = ['PAID', 'VOIDED', 'ABANDONED'] as const;

const OrderParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/) });
const LogoParam = z.object({ file: z.string().regex(/^[a-z]+\.svg$/) });
const OrderBody = z.object({ data: z.string().min(1).max(8192) });
const ChoiceBody = z.object({ choice: z.enum(CHOICES) });

const SandboxStore = z.object({
  uuid: z.string(),
  name: z.string(),
  paymentMethods: z.object({
    paymentInitiation: z.object({
      processor: z.string(),
      setup: z.record(
        z.string(),
        z.object({
          supportedCurrencies: z.array(z.string()),
          paymentMethods: z.array(
            z.object({
              code: z.string(),
              name: z.string(),
              logoUrl: z.string(),
              supportedCurrencies: z.array(z.string()),
              uiPosition: z.number(),
            }),
          ),
        }),
      ),
    }),
    cardPayments: z.object({ processor: z.string(), logoUrl: z.string() }),
  }),
});

const unauthorized = () => new ApiError(401, 'UNAUTHORIZED', 'Bearer token refused');

/**
 * A payment-initiation provider that behaves like an Estonian one (estonia.md), for development,
 * tests and the browser journeys: the bank list with a bearer token, signed orders, a hosted bank
 * page where a person picks the outcome, and a signed webhook with retries. Mounted only with
 * sandbox services on; the browser reaches it as `/api/sandbox/bank-link/...`.
 */
export const sandboxBankRoutes: FastifyPluginAsyncZod = async (app) => {
  // In the database: a bank page opened through one replica is answered by another.
  const orders = app.sandboxBankOrderRepository;
  const base = `${app.config.apiPublicUrl}${PREFIX}`;
  // The merchant's addresses as this API configures them. An order's own `notificationUrl` and
  // `returnUrl` are never used: the sandbox secret is public, so anyone can sign an order that
  // names any address (a request forger, an open redirect).
  const { notificationUrl, returnUrl } = merchantUrls(app.config);

  // The bank page's buttons are plain HTML forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, parseForm(typeof body === 'string' ? body : body.toString('utf8')));
  });

  // Montonio's `GET /stores/payment-methods` shape (the API's own client reads the sandbox in process).
  app.get(`${PREFIX}/stores/payment-methods`, { schema: { response: responses({ 200: SandboxStore }) } }, async (request) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const claims = await verifyJwt(token, SANDBOX_SECRET, app.clock.now());
    if (!claims || claims.accessKey !== SANDBOX_ACCESS_KEY) throw unauthorized();
    const banks = SANDBOX_BANKS.filter((b) => b.code !== 'CARD');
    return {
      uuid: 'rendime-sandbox-store',
      name: app.config.merchantName,
      paymentMethods: {
        paymentInitiation: {
          processor: 'sandbox',
          setup: {
            EE: {
              supportedCurrencies: ['EUR'],
              paymentMethods: banks.map((b, i) => ({
                code: b.code,
                name: b.name,
                logoUrl: `${base}/logos/${b.logo}.svg`,
                supportedCurrencies: ['EUR'],
                uiPosition: i + 1,
              })),
            },
          },
        },
        cardPayments: { processor: 'sandbox', logoUrl: `${base}/logos/card.svg` },
      },
    };
  });

  app.get(
    `${PREFIX}/logos/:file`,
    { schema: { params: LogoParam, response: responses({ 200: mediaResponse('A bank logo', ['image/svg+xml']) }) } },
    async (request, reply) => {
      const name = request.params.file.replace(/\.svg$/, '');
      if (!SANDBOX_LOGOS.has(name)) throw new ApiError(404, 'NOT_FOUND', 'No such logo');
      const svg = await fs.readFile(path.join(LOGO_DIR, `${name}.svg`), 'utf8');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );

  app.post(`${PREFIX}/orders`, { schema: { body: OrderBody, response: responses({ 200: PaymentOrderCreated }) } }, async (request) => {
    const parsed = SignedOrder.safeParse(await verifyJwt(request.body.data, SANDBOX_SECRET, app.clock.now()));
    if (!parsed.success || parsed.data.accessKey !== SANDBOX_ACCESS_KEY)
      throw new ApiError(400, 'INVALID_SIGNATURE', messages.errors.account.invalidSignature);
    if (!SANDBOX_BANKS.some((b) => b.code === (parsed.data.payment.methodOptions?.preferredProvider ?? 'CARD'))) {
      throw new ApiError(400, 'VALIDATION_ERROR', messages.errors.account.bankUnknown);
    }
    const id = crypto.randomBytes(16).toString('base64url');
    await orders.add(id, parsed.data, app.clock.now(), MAX_ORDERS);
    return { uuid: id, paymentUrl: `${base}/pay/${id}` };
  });

  app.get(
    `${PREFIX}/pay/:id`,
    {
      schema: {
        params: OrderParam,
        response: responses({
          200: mediaResponse('The sandbox bank page', ['text/html']),
          404: mediaResponse('The order is decided or unknown: a page saying so', ['text/html']),
        }),
      },
    },
    async (request, reply) => {
      const order = SignedOrder.safeParse(await orders.open(request.params.id));
      // The page is a browser's: an order already decided (the back button) gets a page, not JSON.
      if (!order.success) return htmlPage(reply.code(404), missingPage(app.config.publicSiteUrl));
      return htmlPage(reply, bankPage(order.data, app.config.merchantName, base));
    },
  );

  /**
   * The person's choice: the signed notification goes to the merchant's configured notification
   * URL (first attempt awaited, then retried in the background), and the browser to its configured
   * return URL with the same signed token.
   */
  app.post(
    `${PREFIX}/pay/:id`,
    // The choice waits for the webhook it sends to this same API: holding a gate slot meanwhile
    // would deadlock a gate of one (PGlite).
    {
      config: { priority: true },
      schema: {
        params: OrderParam,
        body: ChoiceBody,
        response: responses({
          303: mediaResponse('To the merchant’s return URL', ['text/plain']),
          404: mediaResponse('The order is decided or unknown: a page saying so', ['text/html']),
        }),
      },
    },
    async (request, reply) => {
      // Decided once, whichever replica the press reaches and however often it is pressed; the
      // signed notification is queued with the decision and sent now (then retried by any replica).
      let token = '';
      const decided = SignedOrder.safeParse(
        await orders.decide(request.params.id, app.clock.now(), async (stored) => {
          const order = SignedOrder.parse(stored);
          // Montonio's order token (Stargate "Validate the Order").
          token = await signJwt(
            {
              uuid: request.params.id,
              accessKey: SANDBOX_ACCESS_KEY,
              merchantReference: order.merchantReference,
              merchantReferenceDisplay: order.merchantReference,
              paymentStatus: request.body.choice,
              paymentMethod: order.payment.method,
              grandTotal: order.grandTotal,
              currency: order.currency,
              paymentProviderName: order.payment.methodOptions?.preferredProvider ?? 'CARD',
            },
            SANDBOX_SECRET,
            app.clock.now(),
          );
          return { url: notificationUrl, body: { orderToken: token } };
        }),
      );
      if (!decided.success) return htmlPage(reply.code(404), missingPage(app.config.publicSiteUrl));
      await app.jobs.runDue([WEBHOOK_JOB]);
      return reply.redirect(`${returnUrl}?order-token=${encodeURIComponent(token)}`, 303);
    },
  );
};

function htmlPage(reply: FastifyReply, html: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'")
    .header('cache-control', 'no-store')
    .send(html);
}

/** An order the bank no longer has (decided, or never made): says so in Estonian and leads back to the site. */
function missingPage(siteUrl: string): string {
  const t = messages.payment.sandboxBank;
  return `<!doctype html>
<html lang="et">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222}</style>
</head>
<body>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.orderNotFound)}</p>
<p><a href="${escapeHtml(`${siteUrl}/auth/account`)}">${escapeHtml(t.backToSite)}</a></p>
</body>
</html>`;
}

function bankPage(order: SignedOrder, merchant: string, base: string): string {
  const t = messages.payment.sandboxBank;
  const code = order.payment.methodOptions?.preferredProvider ?? 'CARD';
  const bank = SANDBOX_BANKS.find((b) => b.code === code);
  const logo = bank ? `<img src="${escapeHtml(`${base}/logos/${bank.logo}.svg`)}" alt="" width="120" height="48">` : '';
  const row = (label: string, value: string) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;
  const button = (choice: string, label: string, cls: string) =>
    `<form method="post"><input type="hidden" name="choice" value="${choice}"><button type="submit" class="${cls}">${escapeHtml(label)}</button></form>`;
  return `<!doctype html>
<html lang="et">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222}table{width:100%;border-collapse:collapse;margin:1rem 0}th{text-align:left;color:#666;font-weight:400;padding:.3rem 0}td{text-align:right;padding:.3rem 0}form{display:inline-block;margin:.25rem}button{font:inherit;padding:.6rem 1.1rem;border-radius:6px;border:1px solid #ccc;background:#fff;cursor:pointer}.pay{background:#39C689;border-color:#39C689;color:#fff}.fail{color:#b00020}</style>
</head>
<body>
${logo}
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro)}</p>
<table>
${row(t.bank, bank?.name ?? code)}
${row(t.merchant, merchant)}
${row(t.amount, formatEuros(decimalToCents(order.grandTotal) ?? 0))}
${row(t.reference, order.merchantReference)}
</table>
${button('PAID', t.pay, 'pay')}
${button('VOIDED', t.fail, 'fail')}
${button('ABANDONED', t.cancel, 'cancel')}
</body>
</html>`;
}
