import type { MockedApi } from 'shared-kernel/testing';
import type { PaymentMethod, PaymentOrderToken } from 'shared-kernel/schemas';

export const TEST_BANKS: PaymentMethod[] = [
  { code: 'swedbank-ee', name: 'Swedbank', logoUrl: '/banks/swedbank.svg' },
  { code: 'seb-ee', name: 'SEB', logoUrl: '/banks/seb.svg' },
  { code: 'lhv-ee', name: 'LHV', logoUrl: '/banks/lhv.svg' },
];

export const BANK_PAGE = 'https://pay.test/pay/ord_1';

/** The API's answer to a bank-link booking: the order it created at the provider, and its page. */
export function testOrder(overrides: Partial<PaymentOrderToken> = {}): PaymentOrderToken {
  return { paymentUrl: BANK_PAGE, merchantReference: 'rendime-1', reservationHash: 'hashAbc123', ...overrides };
}

/**
 * The payment provider as the browser meets it: only through the API (`GET /payment/methods`; the
 * order comes back from the booking call with its payment page). `fetch` is watched so a test can
 * show the browser calls no provider itself.
 */
export function mockBankLink(api: MockedApi) {
  api.on({ 'GET /payment/methods': () => TEST_BANKS });
  const fetchMock = jest.fn(async () => ({ ok: false, status: 404, json: async () => ({}) }) as Response);
  const original = globalThis.fetch;
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    fetch: fetchMock,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
