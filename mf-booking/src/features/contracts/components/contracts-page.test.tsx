import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { on } from 'shared-kernel/events';
import type { RefundPreview } from 'shared-kernel/schemas';
import { makeContract, makePrice, makeReservation } from '../../../testing/booking-fixtures';
import { ContractsPage } from './contracts-page';

const user = makeUser({ id: 8 });
const preview = (over: Partial<RefundPreview> = {}): RefundPreview => ({
  contractId: 90,
  percent: 50,
  paidCents: 4020,
  refundCents: 2010,
  hoursBeforeStart: 30,
  brokenItem: false,
  ...over,
});

function notices() {
  const seen: string[] = [];
  const off = on('notice', (payload) => seen.push(payload.message));
  return { seen, off };
}

function routes() {
  return mockApi({
    'GET /contracts': ({ query }) =>
      query?.incoming === 'true'
        ? [makeContract({ id: 91, incoming: true, product: { id: 6, name: 'Kanuu', imageUrl: null } })]
        : [
            makeContract({ mayPay: true }),
            makeContract({ id: 92, status: 'ACCEPTED', product: { id: 7, name: 'Jalgratas', imageUrl: null } }),
          ],
    'GET /reservations': () => [makeReservation({ product: { id: 5, name: 'Telk ootel' } })],
  });
}

describe('ContractsPage', () => {
  it("shows the renter's contracts on tabId=out with the pay button only where payable", async () => {
    const api = routes();
    renderWithPlatform(<ContractsPage />, { session: user, route: '/auth/contracts?tabId=out' });
    const cards = await screen.findAllByTestId('contract-card');
    expect(cards).toHaveLength(2);
    expect(api.requests('GET /contracts')[0].query).toEqual({ incoming: 'false' });
    expect(within(cards[0]).getByText('Makse ootel')).toBeInTheDocument();
    expect(within(cards[0]).getByRole('link', { name: 'Maksma' })).toHaveAttribute('href', '/auth/account?contracts=90');
    expect(within(cards[0]).getByText('Omanik: Olev Omanik')).toBeInTheDocument();
    expect(within(cards[0]).getByRole('link', { name: 'Laadi leping alla' })).toHaveAttribute('href', '/api/contracts/document/90');
    expect(within(cards[1]).getByText('Rent aktiivne')).toBeInTheDocument();
    expect(within(cards[1]).queryByRole('link', { name: 'Maksma' })).not.toBeInTheDocument();
  });

  it('shows incoming contracts for tabId=in and any unknown value, the first tab when missing', async () => {
    const api = routes();
    const { unmount } = renderWithPlatform(<ContractsPage />, { session: user, route: '/auth/contracts?tabId=whatever' });
    expect(await screen.findByText('Kanuu')).toBeInTheDocument();
    expect(screen.getByText('Rentija: Riina Rentija')).toBeInTheDocument();
    expect(screen.getByText('Telefon: +37255511111')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Välja renditud' })).toHaveAttribute('aria-selected', 'true');
    unmount();
    renderWithPlatform(<ContractsPage />, { session: user, route: '/auth/contracts' });
    expect(await screen.findByText('Jalgratas')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Renditud' })).toHaveAttribute('aria-selected', 'true');
    expect(api.requests('GET /contracts').map((r) => r.query)).toEqual([{ incoming: 'true' }, { incoming: 'false' }]);
  });

  it('lists pending requests on tabId=pending, linking to the request page, and switches tabs', async () => {
    const u = userEvent.setup();
    const api = routes();
    renderWithPlatform(<ContractsPage />, { session: user, route: '/auth/contracts?tabId=pending' });
    expect(await screen.findByText('Telk ootel')).toBeInTheDocument();
    expect(api.requests('GET /reservations')[0].query).toEqual({ statuses: ['REQUESTED'] });
    expect(screen.getByRole('link', { name: 'Ava taotlus' })).toHaveAttribute('href', '/auth/rent-completed?rental=abcdEFGH1234');
    await u.click(screen.getByRole('tab', { name: 'Välja renditud' }));
    expect(await screen.findByText('Kanuu')).toBeInTheDocument();
  });

  it('shows the empty texts', async () => {
    mockApi({ 'GET /contracts': () => [], 'GET /reservations': () => [] });
    const { unmount } = renderWithPlatform(<ContractsPage />, { session: user, route: '/auth/contracts?tabId=out' });
    expect(await screen.findByText('Sul pole lepinguid, mida kuvada.')).toBeInTheDocument();
    unmount();
    renderWithPlatform(<ContractsPage />, { session: user, route: '/auth/contracts?tabId=pending' });
    expect(await screen.findByText('Sul pole ühtegi pooleli olevat toote broneeringut, mida kuvada.')).toBeInTheDocument();
  });

  it('asks a user needing verification to verify first', () => {
    renderWithPlatform(<ContractsPage />, { session: makeUser({ roles: ['ROLE_USER_B2C_NEED_ID'] }), route: '/auth/contracts' });
    expect(screen.getByRole('link', { name: 'Tuvasta isik' })).toHaveAttribute('href', '/auth/verify-identity');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('cancels with the refund preview; a broken item is sent as a dispute with its reason, not a refund', async () => {
    const u = userEvent.setup();
    const contract = makeContract({ status: 'ACCEPTED', mayCancel: true, mayReportBroken: true });
    const api = mockApi({
      'GET /contracts': () => [contract],
      'GET /contracts/:id/refund-preview': () => preview(),
      'PUT /contracts/cancel/:id': () => ({
        contract: { ...contract, status: 'APPEALED' },
        refund: preview({ percent: 0, refundCents: 0, brokenItem: true }),
      }),
    });
    renderWithPlatform(<ContractsPage />, { session: user, route: '/auth/contracts?tabId=out' });
    await u.click(await screen.findByRole('button', { name: 'Tühista' }));
    const dialog = await screen.findByTestId('cancel-contract-dialog');
    expect(await within(dialog).findByText(/Tagastatakse 20,10.*40,20.*\(50%\)/)).toBeInTheDocument();

    await u.click(within(dialog).getByRole('checkbox', { name: 'Toode oli katki' }));
    // Issue 31: the operator decides what a broken item refunds; the dialog promises no percentage.
    expect(await within(dialog).findByText(/Kaebus esitatud.*kolme tööpäeva jooksul/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/Tagastatakse/)).not.toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Tühistan lepingu' }));
    expect(await within(dialog).findByText('Kohustuslik')).toBeInTheDocument();
    expect(api.requests('PUT /contracts/cancel/:id')).toHaveLength(0);

    await u.type(within(dialog).getByRole('textbox', { name: /Kirjelda/ }), 'Telgi vaiad puudu');
    const { seen, off } = notices();
    await u.click(within(dialog).getByRole('button', { name: 'Tühistan lepingu' }));
    const sent = 'Teade on saadetud. Leping on olekus „Kaebus esitatud“; Rendime annab otsusest teada.';
    expect(await within(dialog).findByText(sent)).toBeInTheDocument();
    expect(api.requests('PUT /contracts/cancel/:id')[0].query).toEqual({ reason: 'Telgi vaiad puudu' });
    // Issue 25: it showed twice, in the dialog and as a toast beside it.
    expect(screen.getAllByText(sent)).toHaveLength(1);
    expect(seen).not.toContain(sent);
    off();
  });

  // Issue 25: the owner's incoming tab crashed once a manual rent existed; it shows as 'Käsitsi' with the person.
  it('shows a manual rent among the incoming contracts with the person the owner entered', async () => {
    mockApi({
      'GET /contracts': () => [
        makeContract({
          id: 93,
          status: 'MANUAL',
          incoming: true,
          renter: null,
          manualRenter: { name: 'Peeter Paju', phone: '+37255500000' },
          price: makePrice({ amount: 40, vat: 0, ourFee: 0, total: 40, vatRate: 0 }),
          mayCancel: true,
        }),
      ],
    });
    renderWithPlatform(<ContractsPage />, { session: user, route: '/auth/contracts?tabId=in' });
    const card = await screen.findByTestId('contract-card');
    expect(within(card).getByText('Käsitsi')).toBeInTheDocument();
    // No two-party request page to open for it: the product name is plain text.
    expect(within(card).getByText('Matkatelk')).not.toHaveAttribute('href');
    expect(within(card).queryByRole('link', { name: 'Matkatelk' })).not.toBeInTheDocument();
    expect(within(card).getByText('Rentija: Peeter Paju')).toBeInTheDocument();
    expect(within(card).getByText('Telefon: +37255500000')).toBeInTheDocument();
    expect(card).toHaveTextContent(/Kokku: 40,00\s€/);
    expect(within(card).getByRole('button', { name: 'Tühista' })).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Maksma' })).not.toBeInTheDocument();
  });

  it('sends no reason without the tick, and says when the cancel fails', async () => {
    const u = userEvent.setup();
    const contract = makeContract({ mayCancel: true });
    const api = mockApi({
      'GET /contracts': () => [contract],
      'GET /contracts/:id/refund-preview': () => preview({ paidCents: 0, refundCents: 0, percent: 100 }),
      'PUT /contracts/cancel/:id': () => {
        throw new Error('boom');
      },
    });
    renderWithPlatform(<ContractsPage />, { session: user, route: '/auth/contracts?tabId=out' });
    await u.click(await screen.findByRole('button', { name: 'Tühista' }));
    const dialog = await screen.findByTestId('cancel-contract-dialog');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    // Nothing paid yet: no '0,00 € of 0,00 €' sums.
    expect(await within(dialog).findByTestId('refund-preview')).toHaveTextContent('Makset pole veel tehtud, seega pole midagi tagastada.');
    await u.click(within(dialog).getByRole('button', { name: 'Tühistan lepingu' }));
    expect(await within(dialog).findByText('Tühistamine ebaõnnestus')).toBeInTheDocument();
    await waitFor(() => expect(api.requests('PUT /contracts/cancel/:id')).toHaveLength(1));
    expect(api.requests('PUT /contracts/cancel/:id')[0].query).toEqual({ reason: undefined });
  });
});
