import { z } from 'zod';
import type { AppConfig } from '../../config';
import { signJwt, verifyJwt } from './jwt';

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
  returnUrl: z.string().url(),
  notificationUrl: z.string().url(),
  grandTotal: z.number().positive(),
  amountCents: z.number().int().positive(),
  currency: z.literal('EUR'),
  locale: z.string().max(5),
  payment: z.object({ method: z.literal('paymentInitiation'), methodOptions: z.object({ preferredProvider: z.string().min(1).max(64) }) }),
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
}

export class SignedBankLinkProvider implements BankLinkProvider {
  constructor(
    readonly name: string,
    private readonly baseUrl: string,
    readonly accessKey: string,
    private readonly secret: string,
  ) {}

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
      payment: { method: 'paymentInitiation', methodOptions: { preferredProvider: order.bank } },
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

/** The sandbox's merchant secret: public on purpose, the sandbox moves no money. */
export const SANDBOX_ACCESS_KEY = 'rendime-sandbox';
export const SANDBOX_SECRET = 'rendime-sandbox-secret-not-for-production';

/**
 * The provider of this configuration: the sandbox (served by this API under
 * `/sandbox/bank-link`) when sandbox services are on, else the configured real provider, whose
 * host is the .ee one for an .ee site and the .eu one otherwise (spec 7).
 */
export function providerFromConfig(config: AppConfig): BankLinkProvider {
  if (config.sandboxServices) return new SignedBankLinkProvider('sandbox', `${config.apiPublicUrl}/sandbox/bank-link`, SANDBOX_ACCESS_KEY, SANDBOX_SECRET);
  const p = config.paymentProvider;
  if (!p.accessKey || !p.secret) throw new Error('SANDBOX_SERVICES=false needs PAYMENT_PROVIDER_ACCESS_KEY and PAYMENT_PROVIDER_SECRET');
  const host = new URL(config.publicSiteUrl).hostname.endsWith('.ee') ? 'https://stargate.montonio.ee/api' : 'https://stargate.montonio.eu/api';
  return new SignedBankLinkProvider('montonio', (p.url ?? host).replace(/\/$/, ''), p.accessKey, p.secret);
}
