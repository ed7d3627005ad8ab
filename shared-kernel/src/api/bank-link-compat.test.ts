import * as bankLink from './bank-link';
import * as sharedApi from './index';
import { configureApi, isApiError } from './index';

// A slice version built before the bank link moved to 'shared-kernel/api/bank-link' (issue 28)
// still takes it from the shared API client: the shell's copy must keep offering the same functions.
const NAMES = ['getPaymentMethods', 'paymentMethodsQueryKey', 'paymentMethodsQueryOptions', 'createBankOrder'] as const;

function answering(body: unknown) {
  const fetch = jest.fn(
    async () => ({ ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body) }) as unknown as Response,
  );
  configureApi({ fetch });
  return fetch;
}

describe('the bank link on the shared API client, for slices built before it moved', () => {
  it('offers every function of the bank link subpath, under the same names and query key', () => {
    for (const name of NAMES) expect([name, typeof sharedApi[name]]).toEqual([name, typeof bankLink[name]]);
    expect(sharedApi.paymentMethodsQueryKey).toEqual(bankLink.paymentMethodsQueryKey);
    expect(sharedApi.paymentMethodsQueryOptions().queryKey).toEqual(bankLink.paymentMethodsQueryOptions().queryKey);
  });

  it('reads the banks and refuses an answer the payment schema refuses', async () => {
    const banks = [{ code: 'SWED', name: 'Swedbank', logoUrl: 'https://example.com/swed.png' }];
    const fetch = answering(banks);
    await expect(sharedApi.getPaymentMethods()).resolves.toEqual(banks);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('/payment/methods');

    answering([{ code: 'SWED' }]);
    const refused = await sharedApi.getPaymentMethods().catch((error: unknown) => error);
    expect(isApiError(refused)).toBe(true);
  });

  it('sends the browser to the order the API made', async () => {
    await expect(sharedApi.createBankOrder({ paymentUrl: 'https://pay.example.com/o/1' } as never)).resolves.toBe(
      'https://pay.example.com/o/1',
    );
  });
});
