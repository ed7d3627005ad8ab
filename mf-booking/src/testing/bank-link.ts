import type { MockedApi } from 'shared-kernel/testing';
import type { PaymentMethod, PaymentOrderToken } from 'shared-kernel/schemas';

export const TEST_BANKS: PaymentMethod[] = [
  { code: 'swedbank-ee', name: 'Swedbank', logoUrl: '/banks/swedbank.svg' },
  { code: 'seb-ee', name: 'SEB', logoUrl: '/banks/seb.svg' },
  { code: 'lhv-ee', name: 'LHV', logoUrl: '/banks/lhv.svg' },
];

const STORES = 'https://pay.test/stores';
export const ORDERS_URL = 'https://pay.test/orders';
export const BANK_PAGE = 'https://pay.test/bank/ord_1';

export function testOrder(overrides: Partial<PaymentOrderToken> = {}): PaymentOrderToken {
  return { data: 'signed-order', ordersUrl: ORDERS_URL, merchantReference: 'rendime-1', reservationHash: 'hashAbc123', ...overrides };
}

function answer(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
}

/**
 * The payment provider as the browser meets it: `GET /payment/jwt` on the API, then the provider's
 * own store (bank list) and orders endpoints by fetch. `orderStatus` other than 200 fails the order.
 */
export function mockBankLink(api: MockedApi, { orderStatus = 200 }: { orderStatus?: number } = {}) {
  api.on({ 'GET /payment/jwt': () => ({ token: 'jwt-1', storesUrl: STORES }) });
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === `${STORES}/payment-methods`) return answer(200, TEST_BANKS);
    if (url === ORDERS_URL && init?.method === 'POST') return answer(orderStatus, orderStatus === 200 ? { paymentUrl: BANK_PAGE } : { error: 'down' });
    return answer(404, {});
  });
  const original = globalThis.fetch;
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    fetch: fetchMock,
    orders: () => fetchMock.mock.calls.filter(([url]) => url === ORDERS_URL).map(([, init]) => JSON.parse(String(init?.body)) as unknown),
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
