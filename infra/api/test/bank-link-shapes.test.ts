import { resolveConfig } from '../src/config';
import { verifyJwt } from '../src/services/payments/jwt';
import { providerFromConfig, SignedBankLinkProvider } from '../src/services/payments/provider';

// Issue 30: the bank-link client checked against Montonio's published Stargate shapes (ADR 0034).

const NOW = new Date('2025-06-02T09:00:00Z');
const SECRET = 's'.repeat(40);

it('signs the order as Montonio reads it: HS256 JWT with accessKey, exp, totals and the payment’s own amount', () => {
  const provider = new SignedBankLinkProvider('montonio', 'https://sandbox-stargate.montonio.com/api', 'merchant', SECRET);
  const token = provider.signOrder({ merchantReference: 'R-1', amountCents: 12_345, locale: 'et', bank: 'LHVBEE22', returnUrl: 'https://rendime.ee/api/payment/return', notificationUrl: 'https://rendime.ee/api/payment/notify' }, NOW);
  expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
  expect(verifyJwt(token, SECRET, NOW)).toMatchObject({
    accessKey: 'merchant',
    merchantReference: 'R-1',
    returnUrl: 'https://rendime.ee/api/payment/return',
    notificationUrl: 'https://rendime.ee/api/payment/notify',
    grandTotal: 123.45,
    currency: 'EUR',
    locale: 'et',
    payment: { method: 'paymentInitiation', amount: 123.45, currency: 'EUR', methodOptions: { preferredProvider: 'LHVBEE22' } },
    exp: Math.floor(NOW.getTime() / 1000) + 600,
  });
  expect(verifyJwt(token, 'another-secret', NOW)).toBeNull();
  expect(provider.ordersUrl).toBe('https://sandbox-stargate.montonio.com/api/orders');
  expect(verifyJwt(provider.storeToken(NOW), SECRET, NOW)).toMatchObject({ accessKey: 'merchant' });
});

it('picks the provider host by the site’s domain (.ee site: .ee host, else .eu), and the configured URL wins', () => {
  const keys = { accessKey: 'merchant', secret: SECRET };
  expect(providerFromConfig(resolveConfig({ publicSiteUrl: 'https://rendime.ee', paymentProvider: keys })).ordersUrl).toBe('https://stargate.montonio.ee/api/orders');
  expect(providerFromConfig(resolveConfig({ publicSiteUrl: 'https://rendime.eu', paymentProvider: keys })).ordersUrl).toBe('https://stargate.montonio.eu/api/orders');
  expect(providerFromConfig(resolveConfig({ publicSiteUrl: 'https://rendime.ee', paymentProvider: { ...keys, url: 'https://stargate.montonio.com/api/' } })).ordersUrl).toBe('https://stargate.montonio.com/api/orders');
});
