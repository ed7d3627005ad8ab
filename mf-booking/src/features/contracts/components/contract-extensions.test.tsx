import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-kernel/api';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import type { ContractExtension } from 'shared-kernel/schemas';
import { leaveForBank } from '../../../components/payment/leave-for-bank';
import { makeContract } from '../../../testing/booking-fixtures';
import { ContractsPage } from './contracts-page';

jest.mock('../../../components/payment/leave-for-bank');

const user = makeUser({ id: 8 });
// 12 June 2030 10:00 in Tallinn (summer time): the contract's current end.
const END = '2030-06-12T07:00:00.000Z';
const BANK_PAGE = 'https://sandbox.example/pay/RM-1';

const extension = (over: Partial<ContractExtension> = {}): ContractExtension => ({
  id: 300,
  contractId: 92,
  status: 'REQUESTED',
  previousEndTs: END,
  newEndTs: '2030-06-14T07:00:00.000Z',
  newTotalCents: 7500,
  differenceCents: 1500,
  contractVersion: null,
  requestedTs: '2030-06-05T07:00:00.000Z',
  decidedTs: null,
  paidTs: null,
  mayAccept: false,
  mayDecline: false,
  mayPay: false,
  ...over,
});

const running = (incoming: boolean) =>
  makeContract({ id: 92, status: 'CAPTURED', incoming, endTs: END, product: { id: 7, name: 'Haagis', imageUrl: null } });

beforeEach(() => jest.mocked(leaveForBank).mockReset());

describe('rental extensions on the contracts page', () => {
  it("gives the renter 'Pikenda': whole days, the new end shown, the server's refusal in Estonian, then the request", async () => {
    const u = userEvent.setup();
    let list: ContractExtension[] = [];
    let refuseOnce = true;
    const api = mockApi({
      'GET /contracts': () => [running(false)],
      'GET /contracts/:id/extensions': () => list,
      'POST /contracts/:id/extensions': ({ body }) => {
        if (refuseOnce) {
          refuseOnce = false;
          throw new ApiError({ status: 409, code: 'UNAVAILABLE', message: 'Toode on antud ajavahemikus juba broneeritud.' });
        }
        list = [extension({ newEndTs: (body as { endTs: string }).endTs })];
        return list[0];
      },
    });
    renderWithPlatform(<ContractsPage />, { session: user, route: '/auth/contracts?tabId=out' });
    const card = await screen.findByTestId('contract-card');
    await u.click(await within(card).findByRole('button', { name: 'Pikenda' }));
    const form = within(card).getByRole('form', { name: 'Rendi pikendamine' });
    expect(within(form).getByText(/enne praeguse rendiperioodi lõppu \(12\.06\.2030 10:00\)/)).toBeInTheDocument();
    const units = within(form).getByLabelText(/Lisapäevade arv/);
    expect(within(form).getByTestId('extension-new-end')).toHaveTextContent('Uus lõpp: 13.06.2030 10:00');

    await u.clear(units);
    await u.type(units, '0');
    await u.click(within(form).getByRole('button', { name: 'Saada pikendussoov' }));
    expect(await within(form).findByText('Sisesta täisarv 1 kuni 60.')).toBeInTheDocument();
    expect(api.requests('POST /contracts/:id/extensions')).toHaveLength(0);

    await u.clear(units);
    await u.type(units, '2');
    expect(within(form).getByTestId('extension-new-end')).toHaveTextContent('Uus lõpp: 14.06.2030 10:00');
    await u.click(within(form).getByRole('button', { name: 'Saada pikendussoov' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Toode on antud ajavahemikus juba broneeritud.');

    await u.click(within(form).getByRole('button', { name: 'Saada pikendussoov' }));
    const item = await within(card).findByTestId('extension-item');
    expect(api.requests('POST /contracts/:id/extensions').map((r) => [r.path, r.body])).toEqual([
      ['/contracts/92/extensions', { endTs: '2030-06-14T10:00:00.000+03:00' }],
      ['/contracts/92/extensions', { endTs: '2030-06-14T10:00:00.000+03:00' }],
    ]);
    expect(item).toHaveTextContent('Kuni 14.06.2030 10:00 · lisatasu 15,00 €');
    expect(within(item).getByText('Ootab omaniku kinnitust')).toBeInTheDocument();
    // One open request at a time.
    expect(within(card).queryByRole('button', { name: 'Pikenda' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows the owner the request with accept and decline; accepting shows the new version', async () => {
    const u = userEvent.setup();
    let list = [extension({ mayAccept: true, mayDecline: true })];
    const api = mockApi({
      'GET /contracts': () => [running(true)],
      'GET /contracts/:id/extensions': () => list,
      'PUT /contracts/extensions/:id/accept': () => {
        list = [extension({ status: 'PAID', contractVersion: 2 })];
        return { extension: list[0], balanceCents: 8500 };
      },
    });
    renderWithPlatform(<ContractsPage />, { session: user, route: '/auth/contracts?tabId=in' });
    const item = await screen.findByTestId('extension-item');
    expect(within(item).getByRole('button', { name: 'Loobun pikendusest' })).toBeInTheDocument();
    // The owner never asks for an extension.
    expect(screen.queryByRole('button', { name: 'Pikenda' })).not.toBeInTheDocument();
    await u.click(within(item).getByRole('button', { name: 'Kinnitan pikenduse' }));
    expect(await screen.findByText('Lepingu versioon 2')).toBeInTheDocument();
    expect(screen.getByTestId('extension-item')).toHaveTextContent('Pikendatud');
    expect(screen.queryByRole('button', { name: 'Kinnitan pikenduse' })).not.toBeInTheDocument();
    expect(api.requests('PUT /contracts/extensions/:id/accept')[0].path).toBe('/contracts/extensions/300/accept');
  });

  it('lets the renter pay an accepted extension from the balance, or by bank link', async () => {
    const u = userEvent.setup();
    const api = mockApi({
      'GET /contracts': () => [running(false)],
      'GET /contracts/:id/extensions': () => [extension({ status: 'PENDING_PAYMENT', mayPay: true })],
      'PUT /contracts/extensions/:id/pay': () => {
        throw new ApiError({ status: 409, code: 'INSUFFICIENT_FUNDS', message: 'Kontol puuduvad vahendid.' });
      },
      'GET /payment/methods': () => [
        { code: 'HABAEE2X', name: 'Swedbank', logoUrl: '/swed.png' },
        { code: 'EEUHEE2X', name: 'SEB', logoUrl: '/seb.png' },
      ],
      'POST /contracts/extensions/:id/bank-link': () => ({ paymentUrl: BANK_PAGE, merchantReference: 'RM-1', reservationHash: null }),
    });
    renderWithPlatform(<ContractsPage />, { session: user, route: '/auth/contracts?tabId=out' });
    const item = await screen.findByTestId('extension-item');
    expect(within(item).getByText('Makse ootel')).toBeInTheDocument();
    await u.click(within(item).getByRole('button', { name: 'Maksa kontojäägist' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('Kontol puuduvad vahendid.');

    await u.click(within(item).getByRole('button', { name: 'Maksa pangalingiga' }));
    const bankForm = within(item).getByRole('form', { name: 'Maksa pangalingiga' });
    await waitFor(() => expect(within(bankForm).getByRole('radio', { name: 'SEB' })).toBeInTheDocument());
    await u.click(within(bankForm).getByRole('radio', { name: 'SEB' }));
    await u.click(within(bankForm).getByRole('button', { name: 'Maksa pangalingiga' }));
    await waitFor(() => expect(leaveForBank).toHaveBeenCalledWith(BANK_PAGE));
    expect(api.requests('POST /contracts/extensions/:id/bank-link')[0].body).toEqual({ bank: 'EEUHEE2X' });
  });
});
