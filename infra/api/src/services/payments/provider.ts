import { messages } from 'shared-kernel/messages';
import { PaymentMethodList } from 'shared-kernel/schemas';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { ApiError } from '../../lib/api-error';
import { signJwt, verifyJwt } from './jwt';
import { SANDBOX_BANKS } from './sandbox-banks';

/** How long the provider's bank list is trusted before it is read again. */
export const BANK_LIST_TTL_MS = 10 * 60_000;

/** The order the merchant signs for the provider (estonia.md "Bank-link payment initiation"). */
export interface ProviderOrder {
  merchantReference: string;
  amountCents: number;
  locale: string;
  bank: string;
  returnUrl: string;
  notificationUrl: string;
}

/** What the provider's notification and return tokens carry. */
export const ProviderNotification = z.object({
  merchantReference: z.string().min(1).max(100),
  paymentStatus: z.enum(['PAID', 'FAILED', 'ABANDONED']),
  /** Unique per notification: several deliveries of one notification repeat it. */
  notificationId: z.string().min(1).max(100),
});
export type ProviderNotification = z.infer<typeof ProviderNotification>;

/** The decoded order as the provider reads it (the sandbox verifies and stores this). */
export const SignedOrder = z.object({
  accessKey: z.string(),
  merchantReference: z.string().min(1).max(100),
  returnUrl: z.url(),
  notificationUrl: z.url(),
  grandTotal: z.number().positive(),
  amountCents: z.number().int().positive(),
  currency: z.literal('EUR'),
  locale: z.string().max(5),
  // Montonio's order also states the payment's own amount and currency (Stargate "Create an Order").
  payment: z.object({ method: z.literal('paymentInitiation'), amount: z.number().positive(), currency: z.literal('EUR'), methodOptions: z.object({ preferredProvider: z.string().min(1).max(64) }) }),
});
export type SignedOrder = z.infer<typeof SignedOrder>;

/**
 * A payment-initiation provider as the API sees it: where the browser sends the signed order and
 * reads the bank list, and the merchant's keys. The sandbox and a real (Montonio-like) provider
 * differ only in these values, so replacing one with the other is configuration.
 */
export interface BankLinkProvider {
  readonly name: string;
  readonly ordersUrl: string;
  readonly storesUrl: string;
  readonly accessKey: string;
  signOrder(order: ProviderOrder, now: Date): string;
  /** Bearer token for `GET {storesUrl}/payment-methods`. */
  storeToken(now: Date): string;
  /** The notification (webhook or return token) if its signature holds; null otherwise. */
  verifyNotification(token: string): ProviderNotification | null;
  /**
   * Refuses (400, 'Vali pank.') a bank code the provider does not list, before any order exists:
   * the payer picks from that list, so any other code is a forged request.
   */
  assertListedBank(code: string, now: Date): Promise<void>;
}

export class SignedBankLinkProvider implements BankLinkProvider {
  private cachedBanks: { codes: ReadonlySet<string>; until: number } | null = null;

  constructor(
    readonly name: string,
    private readonly baseUrl: string,
    readonly accessKey: string,
    private readonly secret: string,
    /** The sandbox knows its banks; a real provider's are read from its store endpoint. */
    private readonly fixedBanks?: ReadonlySet<string>,
  ) {}

  async assertListedBank(code: string, now: Date): Promise<void> {
    const codes = await this.bankCodes(now);
    if (!codes.has(code)) throw new ApiError(400, 'UNKNOWN_BANK', messages.errors.account.bankUnknown);
  }

  private async bankCodes(now: Date): Promise<ReadonlySet<string>> {
    if (this.fixedBanks) return this.fixedBanks;
    if (this.cachedBanks && this.cachedBanks.until > now.getTime()) return this.cachedBanks.codes;
    try {
      const res = await fetch(`${this.storesUrl}/payment-methods`, { headers: { authorization: `Bearer ${this.storeToken(now)}` }, signal: AbortSignal.timeout(5_000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const codes = new Set(PaymentMethodList.parse(await res.json()).map((m) => m.code));
      this.cachedBanks = { codes, until: now.getTime() + BANK_LIST_TTL_MS };
      return codes;
    } catch {
      // A stale list beats none: the banks a provider offers change rarely.
      if (this.cachedBanks) return this.cachedBanks.codes;
      throw new ApiError(503, 'PROVIDER_UNAVAILABLE', messages.errors.account.bankListUnavailable);
    }
  }

  get ordersUrl(): string {
    return `${this.baseUrl}/orders`;
  }

  get storesUrl(): string {
    return `${this.baseUrl}/stores`;
  }

  signOrder(order: ProviderOrder, now: Date): string {
    const payload: SignedOrder = {
      accessKey: this.accessKey,
      merchantReference: order.merchantReference,
      returnUrl: order.returnUrl,
      notificationUrl: order.notificationUrl,
      grandTotal: order.amountCents / 100,
      amountCents: order.amountCents,
      currency: 'EUR',
      locale: order.locale,
      payment: { method: 'paymentInitiation', amount: order.amountCents / 100, currency: 'EUR', methodOptions: { preferredProvider: order.bank } },
    };
    return signJwt(payload, this.secret, now);
  }

  storeToken(now: Date): string {
    return signJwt({ accessKey: this.accessKey }, this.secret, now, 3600);
  }

  verifyNotification(token: string): ProviderNotification | null {
    // Providers retry for up to 48 h; a notification is judged by its signature, not its age.
    const payload = verifyJwt(token, this.secret, null);
    const parsed = ProviderNotification.safeParse(payload);
    return parsed.success ? parsed.data : null;
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
 * The provider of this configuration: the sandbox (served by this API under
 * `/sandbox/bank-link`) when sandbox services are on, else the configured real provider, whose
 * host is the .ee one for an .ee site and the .eu one otherwise (spec 7).
 */
export function providerFromConfig(config: AppConfig): BankLinkProvider {
  if (config.sandboxServices) {
    return new SignedBankLinkProvider('sandbox', `${config.apiPublicUrl}/sandbox/bank-link`, SANDBOX_ACCESS_KEY, SANDBOX_SECRET, new Set(SANDBOX_BANKS.map((b) => b.code)));
  }
  const p = config.paymentProvider;
  if (!p.accessKey || !p.secret) throw new Error('SANDBOX_SERVICES=false needs PAYMENT_PROVIDER_ACCESS_KEY and PAYMENT_PROVIDER_SECRET');
  const host = new URL(config.publicSiteUrl).hostname.endsWith('.ee') ? 'https://stargate.montonio.ee/api' : 'https://stargate.montonio.eu/api';
  return new SignedBankLinkProvider('montonio', (p.url ?? host).replace(/\/$/, ''), p.accessKey, p.secret);
}
