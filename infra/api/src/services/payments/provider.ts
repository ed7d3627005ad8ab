import crypto from 'node:crypto';
import { messages } from 'shared-kernel/messages';
import { MerchantReference, type PaymentMethod } from 'shared-kernel/schemas';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { ApiError } from '../../lib/api-error';
import { signJwt, verifyJwt } from './jwt';
import { SANDBOX_BANKS } from './sandbox-banks';

/** How long the provider's bank list is trusted before it is read again. */
export const BANK_LIST_TTL_MS = 10 * 60_000;

/** Montonio Stargate v2's hosts (docs.montonio.com/api/stargate/reference "API URLs"). */
export const MONTONIO_LIVE_URL = 'https://stargate.montonio.com/api';
export const MONTONIO_SANDBOX_URL = 'https://sandbox-stargate.montonio.com/api';

/** The code our bank list gives Montonio's card payments (they are a method, not a bank). */
export const CARD_CODE = 'CARD';

/** An order as this API asks the provider for it (integer cents; euros only on the wire). */
export interface ProviderOrder {
  merchantReference: string;
  amountCents: number;
  locale: string;
  bank: string;
  returnUrl: string;
  notificationUrl: string;
}

/**
 * The order payload of Stargate's `POST /orders` (the JWT's claims besides `accessKey`, `iat`,
 * `exp`): decimal euros, the payment's own amount and currency, the bank as preferredProvider.
 */
export const SignedOrder = z.object({
  accessKey: z.string(),
  merchantReference: z.string().min(1).max(100),
  returnUrl: z.url(),
  notificationUrl: z.url(),
  grandTotal: z.number().positive(),
  currency: z.literal('EUR'),
  locale: z.string().max(5),
  payment: z.object({
    method: z.enum(['paymentInitiation', 'cardPayments']),
    amount: z.number().positive(),
    currency: z.literal('EUR'),
    methodOptions: z
      .object({ preferredProvider: z.string().min(1).max(64), preferredCountry: z.string().length(2), preferredLocale: z.string().max(5) })
      .partial()
      .optional(),
  }),
});
export type SignedOrder = z.infer<typeof SignedOrder>;

/** Montonio's payment statuses (Stargate "Order lifecycle"). */
export const MONTONIO_STATUSES = ['PENDING', 'PAID', 'VOIDED', 'ABANDONED', 'AUTHORIZED', 'REFUNDED', 'PARTIALLY_REFUNDED'] as const;
export type MontonioStatus = (typeof MONTONIO_STATUSES)[number];

/** The order token Montonio signs: the webhook's `{orderToken}` and the return URL's `?order-token=`. */
// Every string is bounded and printable ASCII: a signed token is still outside input (a NUL in
// a text reaching PostgreSQL is a 500, not a refusal).
export const OrderToken = z.object({
  uuid: z.string().regex(/^[\x21-\x7e]{1,100}$/),
  accessKey: z.string().max(200),
  merchantReference: MerchantReference,
  paymentStatus: z.enum(MONTONIO_STATUSES),
  grandTotal: z.union([z.number(), z.string().max(20)]),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type OrderToken = z.infer<typeof OrderToken>;

/** A verified order token, with its amount in exact cents (null when it is no two-decimal amount). */
export interface ProviderNotification {
  uuid: string;
  merchantReference: string;
  paymentStatus: OrderToken['paymentStatus'];
  amountCents: number | null;
  currency: string;
}

/** Stargate's `GET /stores/payment-methods` answer, as far as this API reads it. */
const StoreMethods = z.object({
  paymentMethods: z.object({
    paymentInitiation: z
      .object({
        setup: z.record(
          z.string(),
          z.object({
            paymentMethods: z.array(
              z.object({
                code: z.string().min(1).max(64),
                name: z.string().max(100),
                logoUrl: z.string().max(500),
                supportedCurrencies: z.array(z.string()).optional(),
              }),
            ),
          }),
        ),
      })
      .optional(),
    cardPayments: z.object({ logoUrl: z.string().max(500).optional() }).optional(),
  }),
});

/** Exact cents of a decimal euro amount (`0.1`, `"19.99"`, `1234.56`); null for anything else. */
export function decimalToCents(value: number | string): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Decimal euros for the wire: `1999` → 19.99 (shortest JSON form, exact for two decimals). */
export function centsToDecimal(cents: number): number {
  return Number(`${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
}

/**
 * A payment-initiation provider as the API sees it. All calls are made by the server: the
 * merchant's secret signs every request, and a bearer token handed to a browser would open the
 * whole merchant API to it for the token's life (Stargate: "make these calls from your server").
 */
export interface BankLinkProvider {
  readonly name: string;
  readonly accessKey: string;
  /** The banks the payer chooses from (EE, EUR), in our shape. */
  listBanks(now: Date): Promise<PaymentMethod[]>;
  /** Creates the order at the provider; answers the page the browser is sent to. */
  createOrder(order: ProviderOrder, now: Date): Promise<{ paymentUrl: string; uuid: string | null }>;
  /** The order token (webhook or return) if it is signed with our secret for our access key; null otherwise. */
  verifyNotification(token: string): Promise<ProviderNotification | null>;
  /** Refuses (400, 'Vali pank.') a bank code the provider does not list, before any order exists. */
  assertListedBank(code: string, now: Date): Promise<void>;
}

/** The parts shared by Montonio and the sandbox: the order JWT and the order-token check. */
abstract class SignedProvider {
  private cachedBanks: { banks: PaymentMethod[]; until: number } | null = null;

  constructor(
    readonly name: string,
    readonly accessKey: string,
    protected readonly secret: string,
  ) {}

  protected abstract readBanks(now: Date): Promise<PaymentMethod[]>;

  async listBanks(now: Date): Promise<PaymentMethod[]> {
    if (this.cachedBanks && this.cachedBanks.until > now.getTime()) return this.cachedBanks.banks;
    try {
      const banks = await this.readBanks(now);
      this.cachedBanks = { banks, until: now.getTime() + BANK_LIST_TTL_MS };
      return banks;
    } catch {
      // A stale list beats none: the banks a provider offers change rarely.
      if (this.cachedBanks) return this.cachedBanks.banks;
      throw new ApiError(503, 'PROVIDER_UNAVAILABLE', messages.errors.account.bankListUnavailable);
    }
  }

  async assertListedBank(code: string, now: Date): Promise<void> {
    const banks = await this.listBanks(now);
    if (!banks.some((b) => b.code === code)) throw new ApiError(400, 'UNKNOWN_BANK', messages.errors.account.bankUnknown);
  }

  /** The signed `data` of `POST /orders` (Stargate "Create an Order"). */
  signOrder(order: ProviderOrder, now: Date): Promise<string> {
    const amount = centsToDecimal(order.amountCents);
    const card = order.bank === CARD_CODE;
    const payload: SignedOrder = {
      accessKey: this.accessKey,
      merchantReference: order.merchantReference,
      returnUrl: order.returnUrl,
      notificationUrl: order.notificationUrl,
      grandTotal: amount,
      currency: 'EUR',
      locale: order.locale,
      payment: card
        ? { method: 'cardPayments', amount, currency: 'EUR' }
        : {
            method: 'paymentInitiation',
            amount,
            currency: 'EUR',
            methodOptions: { preferredProvider: order.bank, preferredCountry: 'EE', preferredLocale: order.locale },
          },
    };
    return signJwt(payload, this.secret, now);
  }

  /** Bearer token of Stargate's GET endpoints: `accessKey` and `exp`, HS256 with the secret. */
  bearerToken(now: Date): Promise<string> {
    return signJwt({ accessKey: this.accessKey }, this.secret, now, 600);
  }

  async verifyNotification(token: string): Promise<ProviderNotification | null> {
    // Montonio retries a webhook for a while; a token is judged by signature and key, not its age.
    const parsed = OrderToken.safeParse(await verifyJwt(token, this.secret, null));
    if (!parsed.success || parsed.data.accessKey !== this.accessKey) return null;
    const t = parsed.data;
    return {
      uuid: t.uuid,
      merchantReference: t.merchantReference,
      paymentStatus: t.paymentStatus,
      amountCents: decimalToCents(t.grandTotal),
      currency: t.currency,
    };
  }
}

/** Montonio Stargate v2 (docs.montonio.com/api/stargate), over HTTPS from this server. */
export class MontonioProvider extends SignedProvider implements BankLinkProvider {
  constructor(
    private readonly baseUrl: string,
    accessKey: string,
    secret: string,
    private readonly timeoutMs = 10_000,
  ) {
    super('montonio', accessKey, secret);
  }

  get ordersUrl(): string {
    return `${this.baseUrl}/orders`;
  }

  protected async readBanks(now: Date): Promise<PaymentMethod[]> {
    const res = await fetch(`${this.baseUrl}/stores/payment-methods`, {
      headers: { authorization: `Bearer ${await this.bearerToken(now)}`, 'content-type': 'application/json' },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`payment-methods answered HTTP ${res.status}`);
    const store = StoreMethods.parse(await res.json());
    const ee = store.paymentMethods.paymentInitiation?.setup.EE?.paymentMethods ?? [];
    const banks: PaymentMethod[] = ee
      .filter((m) => !m.supportedCurrencies || m.supportedCurrencies.includes('EUR'))
      .map((m) => ({ code: m.code, name: m.name, logoUrl: m.logoUrl }));
    const card = store.paymentMethods.cardPayments;
    if (card) banks.push({ code: CARD_CODE, name: messages.payment.cardPayment, logoUrl: card.logoUrl ?? '' });
    return banks;
  }

  async createOrder(order: ProviderOrder, now: Date): Promise<{ paymentUrl: string; uuid: string | null }> {
    let res: Response;
    try {
      res = await fetch(this.ordersUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: await this.signOrder(order, now) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new ApiError(503, 'PROVIDER_UNAVAILABLE', messages.payment.paymentFailed);
    }
    const body = res.ok
      ? z.object({ paymentUrl: z.url(), uuid: z.string().optional() }).safeParse(await res.json().catch(() => null))
      : null;
    if (!body?.success || !/^https?:\/\//.test(body.data.paymentUrl)) {
      throw new ApiError(502, 'PROVIDER_ERROR', messages.payment.paymentFailed);
    }
    return { paymentUrl: body.data.paymentUrl, uuid: body.data.uuid ?? null };
  }
}

/**
 * The sandbox provider: the same order JWT and order tokens as Montonio, but kept in this API's
 * database and paid on its own bank page (`/sandbox/bank-link/pay/:id`), so the dev runner and the
 * journeys need no outside service. Only mounted with sandbox services on.
 */
export class SandboxProvider extends SignedProvider implements BankLinkProvider {
  constructor(
    private readonly base: string,
    private readonly store: (id: string, order: SignedOrder, now: Date) => Promise<void>,
  ) {
    super('sandbox', SANDBOX_ACCESS_KEY, SANDBOX_SECRET);
  }

  protected async readBanks(): Promise<PaymentMethod[]> {
    return SANDBOX_BANKS.map((b) => ({ code: b.code, name: b.name, logoUrl: `${this.base}/logos/${b.logo}.svg` }));
  }

  async createOrder(order: ProviderOrder, now: Date): Promise<{ paymentUrl: string; uuid: string }> {
    const signed = SignedOrder.parse(await verifyJwt(await this.signOrder(order, now), this.secret, now));
    const id = crypto.randomBytes(16).toString('base64url');
    await this.store(id, signed, now);
    return { paymentUrl: `${this.base}/pay/${id}`, uuid: id };
  }
}

/** Where the provider notifies this API and sends the browser back: the only addresses orders carry. */
export function merchantUrls(config: Pick<AppConfig, 'apiPublicUrl'>): { notificationUrl: string; returnUrl: string } {
  return { notificationUrl: `${config.apiPublicUrl}/payment/notify`, returnUrl: `${config.apiPublicUrl}/payment/return` };
}

/** The sandbox's merchant secret: public on purpose, the sandbox moves no money. */
export const SANDBOX_ACCESS_KEY = 'rendime-sandbox';
export const SANDBOX_SECRET = 'rendime-sandbox-secret-not-for-production';

/**
 * The provider of this configuration: the sandbox when sandbox services are on, else Montonio at
 * its live host (`PAYMENT_PROVIDER_URL` overrides: Montonio's sandbox host, or a test's fake).
 */
export function providerFromConfig(
  config: AppConfig,
  sandboxStore?: (id: string, order: SignedOrder, now: Date) => Promise<void>,
): BankLinkProvider {
  if (config.sandboxServices) {
    if (!sandboxStore) throw new Error('the sandbox bank-link provider needs its order store');
    return new SandboxProvider(`${config.apiPublicUrl}/sandbox/bank-link`, sandboxStore);
  }
  const p = config.paymentProvider;
  if (!p.accessKey || !p.secret) throw new Error('SANDBOX_SERVICES=false needs PAYMENT_PROVIDER_ACCESS_KEY and PAYMENT_PROVIDER_SECRET');
  return new MontonioProvider((p.url ?? MONTONIO_LIVE_URL).replace(/\/$/, ''), p.accessKey, p.secret);
}
