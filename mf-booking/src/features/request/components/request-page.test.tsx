import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-kernel/api';
import { makeUser, mockApi, renderWithPlatform, type MockApiRoutes } from 'shared-kernel/testing';
import type { ContractByHash, Reservation } from 'shared-kernel/schemas';
import { formatTallinn } from 'shared-kernel/time';
import {
  DAY,
  HOUR,
  inFuture,
  makeContract,
  makeContractByHash,
  makePrice,
  makeProduct,
  makeReservation,
  OWNER,
  RENTER,
} from '../../../testing/booking-fixtures';
import { RequestPage } from './request-page';

const HASH = 'abcdEFGH1234';
const owner = makeUser({ id: OWNER.id, name: OWNER.name, lastName: OWNER.lastName });
const renter = makeUser({ id: RENTER.id, name: RENTER.name, lastName: RENTER.lastName });

function setup({
  reservation = makeReservation(),
  contract = null,
  product = makeProduct(),
  more = {},
}: {
  reservation?: Reservation | (() => Reservation);
  contract?: ContractByHash | null;
  product?: ReturnType<typeof makeProduct>;
  more?: MockApiRoutes;
} = {}) {
  const read = typeof reservation === 'function' ? reservation : () => reservation;
  return mockApi({
    'GET /reservations/hash/:hash': () => read(),
    'GET /reservations/hash/:hash/contract': () => contract,
    'GET /reservations/:id/product/:productId/price': () => read().price,
    'GET /products/:id': () => product,
    ...more,
  });
}

const render = (session: ReturnType<typeof makeUser>) =>
  renderWithPlatform(<RequestPage />, { session, route: `/auth/rent-completed?rental=${HASH}` });

describe('RequestPage', () => {
  it('shows both panels, the period, status and price, and the two steps', async () => {
    setup();
    render(renter);
    expect(await screen.findByRole('heading', { name: 'Matkatelk' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1. Osapoolte kokkulepped' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('button', { name: '2. Taotluse leht' })).toBeDisabled();
    expect(screen.getByTestId('renter-panel')).toHaveTextContent('Rentija: Riina Rentija');
    expect(screen.getByTestId('owner-panel')).toHaveTextContent('Omanik: Olev Omanik');
    expect(screen.getByText('Kinnitamata')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Hinna kujunemine' })).toHaveTextContent('40,20');
  });

  it('lets the owner accept with the default message; the agreement tick is required when services cost something', async () => {
    const user = userEvent.setup();
    const reservation = makeReservation({
      additionalServices: [{ id: 3, name: 'Transport', cost: 15, additionalInfo: null }],
      additionalServiceCost: 15,
      price: makePrice({ additionalServiceCost: 15, total: 55.2 }),
    });
    const api = setup({ reservation, more: { 'PUT /reservations/accept/:id': () => ({ ...reservation, status: 'ACCEPTED' }) } });
    render(owner);
    await user.click(await screen.findByRole('button', { name: 'Kinnitan' }));
    const dialog = await screen.findByTestId('accept-dialog');
    const message = within(dialog).getByRole('textbox', { name: /Sõnum rentijale/ });
    expect((message as HTMLTextAreaElement).value).toMatch(/\[aadress\].*\[telefon\]/);

    await user.click(within(dialog).getByRole('button', { name: 'Kinnitan' }));
    expect(await within(dialog).findByText('Lisateenuste valikuga tuleb nõustuda enne aksepteerimist.')).toBeInTheDocument();
    expect(api.requests('PUT /reservations/accept/:id')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: /Nõustun valitud lisateenustega/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Kinnitan' }));
    await waitFor(() => expect(api.requests('PUT /reservations/accept/:id')).toHaveLength(1));
    const [sent] = api.requests('PUT /reservations/accept/:id');
    expect(sent.path).toBe('/reservations/accept/41');
    expect(sent.body).toEqual({ acceptedText: (message as HTMLTextAreaElement).value, additionalCost: 15 });
    await waitFor(() => expect(screen.queryByTestId('accept-dialog')).not.toBeInTheDocument());
  });

  it('accepts without a tick when nothing extra was chosen, and offers the paid-later accept for a paid-later product', async () => {
    const user = userEvent.setup();
    const reservation = makeReservation();
    const api = setup({
      reservation,
      product: makeProduct({ paidLater: true }),
      more: { 'PUT /reservations/accept-paid-later/:id': () => ({ ...reservation, status: 'ACCEPTED' }) },
    });
    render(owner);
    await user.click(await screen.findByRole('button', { name: 'Kinnitan' }));
    const dialog = await screen.findByTestId('accept-dialog');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Kinnitan, makse hiljem' }));
    await waitFor(() => expect(api.requests('PUT /reservations/accept-paid-later/:id')).toHaveLength(1));
  });

  it("shows the server's additional-cost refusal", async () => {
    const user = userEvent.setup();
    setup({
      more: {
        'PUT /reservations/accept/:id': () => {
          throw new ApiError({ status: 400, code: 'INVALID_ADDITIONAL_COST', message: 'x' });
        },
      },
    });
    render(owner);
    await user.click(await screen.findByRole('button', { name: 'Kinnitan' }));
    const dialog = await screen.findByTestId('accept-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Kinnitan' }));
    expect(await within(dialog).findByText('Lisateenuste summa ei klapi, uuenda veebilehitsejat.')).toBeInTheDocument();
  });

  it('declines with the chosen reason (NOT_AVAILABLE preselected)', async () => {
    const user = userEvent.setup();
    const reservation = makeReservation();
    const api = setup({ reservation, more: { 'PUT /reservations/decline/:id': () => ({ ...reservation, status: 'DECLINED' }) } });
    render(owner);
    await user.click(await screen.findByRole('button', { name: 'Loobun' }));
    const dialog = await screen.findByTestId('decline-dialog');
    expect(within(dialog).getByRole('radio', { name: 'Toode pole sel ajal saadaval' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Sain parema pakkumise' }));
    await user.click(within(dialog).getByRole('button', { name: 'Loobun' }));
    await waitFor(() => expect(api.requests('PUT /reservations/decline/:id')).toHaveLength(1));
    expect(api.requests('PUT /reservations/decline/:id')[0].query).toEqual({ reason: 'BETTER_OFFER' });
  });

  it('lets the renter cancel the request after confirming', async () => {
    const user = userEvent.setup();
    let current = makeReservation();
    const api = setup({
      reservation: () => current,
      more: {
        'PUT /reservations/cancel/:id': () => {
          current = { ...current, status: 'CANCELLED' };
          return current;
        },
      },
    });
    render(renter);
    await user.click(await screen.findByRole('button', { name: 'Tühistan' }));
    const dialog = await screen.findByTestId('cancel-reservation-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Jah' }));
    await waitFor(() => expect(api.requests('PUT /reservations/cancel/:id')).toHaveLength(1));
    expect(api.requests('PUT /reservations/cancel/:id')[0].path).toBe('/reservations/cancel/41');
    expect(await screen.findByText('Katkestatud')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tühistan' })).toBeDisabled();
  });

  it("disables the other party's buttons", async () => {
    setup();
    const { unmount } = render(renter);
    expect(await screen.findByRole('button', { name: 'Kinnitan' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Loobun' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Tühistan' })).toBeEnabled();
    unmount();
    render(owner);
    expect(await screen.findByRole('button', { name: 'Tühistan' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Kinnitan' })).toBeEnabled();
  });

  it('lets the renter change the additional services while the request is open', async () => {
    const user = userEvent.setup();
    const reservation = makeReservation();
    const product = makeProduct({ additionalServices: [{ id: 3, name: 'Transport', cost: 15, additionalInfo: null }] });
    const api = setup({ reservation, product, more: { 'PUT /reservations/additional-services/:id': () => reservation } });
    render(renter);
    await user.click(await screen.findByRole('checkbox', { name: /Transport/ }));
    await user.click(screen.getByRole('button', { name: 'Salvesta lisateenused' }));
    expect(await screen.findByText('Lisateenuste valik uuendatud.')).toBeInTheDocument();
    expect(api.requests('PUT /reservations/additional-services/:id')[0].body).toEqual({ additionalService: [3] });
  });

  // Issue 25, item 5: product 61's 'Lisajuht' (15 € net, VAT-liable owner) read 20,10 € on the product
  // page but '(15,00 €)' here and in the owner's accept dialog.
  const lisajuht = { id: 85, name: 'Lisajuht', cost: 15, additionalInfo: null };
  const withLisajuht = () =>
    makeReservation({
      additionalServices: [lisajuht],
      additionalServiceCost: 15,
      price: makePrice({ additionalServiceCost: 15, vatRate: 24 }),
    });
  const plain = (el: HTMLElement) => el.textContent?.replace(/\s/g, ' ');

  it('labels the services with what the renter pays, at the VAT rate the reservation fixed', async () => {
    setup({
      reservation: withLisajuht(),
      product: makeProduct({
        allowVat: true,
        additionalServices: [lisajuht, { id: 86, name: 'Katuseboks', cost: 20, additionalInfo: null }],
      }),
    });
    render(renter);
    const panel = await screen.findByTestId('renter-panel');
    expect(await within(panel).findByRole('checkbox', { name: /^Lisajuht \(20,10\s€\)$/ })).toBeInTheDocument();
    expect(within(panel).getByRole('checkbox', { name: /^Katuseboks \(26,80\s€\)$/ })).toBeInTheDocument();
  });

  it('shows the owner what the services bring them with VAT and what the renter pays, labelled apart', async () => {
    const user = userEvent.setup();
    setup({ reservation: withLisajuht() });
    render(owner);
    await user.click(await screen.findByRole('button', { name: 'Kinnitan' }));
    const dialog = await screen.findByTestId('accept-dialog');
    const tick = within(dialog).getByRole('checkbox', { name: /Nõustun valitud lisateenustega/ });
    expect(plain(tick.closest('label') ?? dialog)).toContain(
      'Nõustun valitud lisateenustega: saad 18,60 € koos käibemaksuga, rentija maksab koos 10% platvormi tasuga 20,10 €',
    );
  });

  it('leaves VAT out of the accept dialog for an owner who is not VAT-liable', async () => {
    const user = userEvent.setup();
    setup({
      reservation: makeReservation({
        additionalServices: [lisajuht],
        additionalServiceCost: 15,
        price: makePrice({ additionalServiceCost: 15, vat: 0, vatRate: 0 }),
      }),
    });
    render(owner);
    await user.click(await screen.findByRole('button', { name: 'Kinnitan' }));
    const dialog = await screen.findByTestId('accept-dialog');
    expect(plain(dialog)).toContain('Nõustun valitud lisateenustega: saad 15,00 €, rentija maksab koos 10% platvormi tasuga 16,50 €');
  });

  // Issue 25: with the product read after the form was made, untouched boxes had no value and the
  // save showed zod's English under each of them; a chosen service also showed unticked.
  it('keeps the untouched services as they were, saves the change and shows it after a reload', async () => {
    const user = userEvent.setup();
    const offered = [
      { id: 3, name: 'Transport', cost: 15, additionalInfo: null },
      { id: 4, name: 'Kate', cost: 5, additionalInfo: null },
      { id: 5, name: 'Rihmad', cost: 2, additionalInfo: null },
    ];
    let saved = makeReservation({ additionalServices: [offered[1]], additionalServiceCost: 5 });
    const api = setup({
      reservation: () => saved,
      product: makeProduct({ additionalServices: offered }),
      more: {
        'PUT /reservations/additional-services/:id': ({ body }) => {
          const ids = (body as { additionalService: number[] }).additionalService;
          saved = { ...saved, additionalServices: offered.filter((s) => ids.includes(s.id)) };
          return saved;
        },
      },
    });
    const { unmount } = render(renter);
    const box = (name: RegExp) => screen.getByRole('checkbox', { name });
    await screen.findByRole('checkbox', { name: /Transport/ });
    expect(box(/Kate/)).toBeChecked();
    expect(box(/Transport/)).not.toBeChecked();

    await user.click(box(/Transport/));
    await user.click(screen.getByRole('button', { name: 'Salvesta lisateenused' }));
    expect(await screen.findByText('Lisateenuste valik uuendatud.')).toBeInTheDocument();
    expect(api.requests('PUT /reservations/additional-services/:id')[0].body).toEqual({ additionalService: [3, 4] });
    expect(document.body.textContent).not.toMatch(/Invalid|expected|received|Kohustuslik/);

    unmount();
    render(renter);
    await screen.findByRole('checkbox', { name: /Transport/ });
    expect(box(/Transport/)).toBeChecked();
    expect(box(/Kate/)).toBeChecked();
    expect(box(/Rihmad/)).not.toBeChecked();
  });

  it('warns about an outdated request and reads it again after 1.5 s', async () => {
    const api = setup({ reservation: makeReservation({ startTs: inFuture(-HOUR), endTs: inFuture(DAY) }) });
    render(owner);
    expect(await screen.findByText('Vananenud broneering.')).toBeInTheDocument();
    expect(api.requests('GET /reservations/hash/:hash')).toHaveLength(1);
    await waitFor(() => expect(api.requests('GET /reservations/hash/:hash')).toHaveLength(2), { timeout: 3000 });
  });

  it("after the accept shows 'Makse ootel' and 'Maksma' to the renter, the missing payment to the owner", async () => {
    const reservation = makeReservation({ status: 'ACCEPTED' });
    setup({ reservation, contract: makeContractByHash() });
    const { unmount } = render(renter);
    expect(await screen.findByText('Makse ootel')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Maksma' })).toHaveAttribute('href', '/auth/account?contracts=90');
    expect(screen.getByText('Omaniku telefon: +37255500000')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Laadi leping alla' })).toHaveAttribute(
      'href',
      `/api/reservations/hash/${HASH}/contract/document`,
    );
    unmount();
    render(owner);
    expect(await screen.findByText('Rentija pole veel makset teinud.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Maksma' })).not.toBeInTheDocument();
  });

  it('moves to the second step for an active rent: the handover mark first, then the review form', async () => {
    const user = userEvent.setup();
    const reservation = makeReservation({ status: 'ACCEPTED', startTs: inFuture(-HOUR) });
    let received = false;
    const api = setup({
      reservation,
      contract: makeContractByHash({ status: 'ACCEPTED' }),
      more: {
        'GET /contracts/reservation/:id': () =>
          received
            ? makeContract({ status: 'CAPTURED', startTs: inFuture(-HOUR), renterReceivedTs: inFuture(0), mayMarkReturned: true })
            : makeContract({ status: 'ACCEPTED', startTs: inFuture(-HOUR), mayMarkReceived: true }),
        'PUT /contracts/:id/received': () => {
          received = true;
          return makeContract({ status: 'CAPTURED' });
        },
        'POST /feedback/': () => ({
          id: 1,
          author: 'R',
          rating: 4,
          comment: '',
          createdTs: inFuture(0),
          userId: RENTER.id,
          productId: 5,
          contractId: 90,
        }),
      },
    });
    render(renter);
    expect(await screen.findByRole('button', { name: '2. Taotluse leht' })).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByText('Vananenud broneering.')).not.toBeInTheDocument();
    // Issue 31: no review before the handover, and the page says why.
    expect(await screen.findByText(/Tagasisidet ja probleemiteateid saab esitada alles pärast seda/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Saada tagasiside' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Toode käes' }));
    await waitFor(() => expect(api.requests('PUT /contracts/:id/received')).toHaveLength(1));
    expect(api.requests('PUT /contracts/:id/received')[0].path).toBe('/contracts/90/received');
    await user.click(await screen.findByRole('button', { name: 'Saada tagasiside' }));
    expect(await screen.findByText('Hinnang on puudu.')).toBeInTheDocument();
    expect(api.requests('POST /feedback/')).toHaveLength(0);
  });

  it("hides 'Toode käes' before the handover window and says when it opens (issue 31)", async () => {
    const start = inFuture(3 * DAY);
    setup({
      reservation: makeReservation({ status: 'ACCEPTED', startTs: start }),
      contract: makeContractByHash({ status: 'ACCEPTED', startTs: start }),
      more: { 'GET /contracts/reservation/:id': () => makeContract({ status: 'ACCEPTED', startTs: start, mayMarkReceived: false }) },
    });
    render(renter);
    const opens = formatTallinn(Date.parse(start) - DAY);
    expect(await screen.findByText(`Toote kättesaamist („Toode käes“) saad märkida alates ${opens}.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Toode käes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Saada tagasiside' })).not.toBeInTheDocument();
  });

  it("shows the server's own refusal of a mark made too early", async () => {
    const user = userEvent.setup();
    const refusal = 'Toote kättesaamist saab märkida alates 09.06.2025 10:00 (kõige varem 24 tundi enne rendi algust).';
    setup({
      reservation: makeReservation({ status: 'ACCEPTED', startTs: inFuture(-HOUR) }),
      contract: makeContractByHash({ status: 'ACCEPTED' }),
      more: {
        'GET /contracts/reservation/:id': () => makeContract({ status: 'ACCEPTED', startTs: inFuture(-HOUR), mayMarkReceived: true }),
        'PUT /contracts/:id/received': () => {
          throw new ApiError({ status: 409, code: 'HANDOVER_TOO_EARLY', message: refusal });
        },
      },
    });
    render(renter);
    await user.click(await screen.findByRole('button', { name: 'Toode käes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it("lets the owner end the rental with 'Toode tagastatud' and shows 'Tagastatud' with the late fee", async () => {
    const user = userEvent.setup();
    let returned = false;
    const api = setup({
      reservation: () => makeReservation({ status: returned ? 'FINISHED' : 'CAPTURED', startTs: inFuture(-2 * DAY) }),
      contract: makeContractByHash({ status: 'CAPTURED' }),
      more: {
        'GET /reservations/hash/:hash/contract': () => makeContractByHash({ status: returned ? 'RETURNED' : 'CAPTURED' }),
        'GET /contracts/reservation/:id': () =>
          returned
            ? makeContract({
                status: 'RETURNED',
                incoming: true,
                renterReceivedTs: inFuture(-DAY),
                lateFeeCents: 5_000,
                lateFeeDebtCents: 1_000,
              })
            : makeContract({ status: 'CAPTURED', incoming: true, renterReceivedTs: inFuture(-DAY), mayMarkReturned: true }),
        'PUT /contracts/:id/returned': () => {
          returned = true;
          return makeContract({ status: 'RETURNED', incoming: true });
        },
      },
    });
    render(owner);
    expect(await screen.findByText(/Tagastuse märkimisega lõpeb rent/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Toode tagastatud' }));
    await waitFor(() => expect(api.requests('PUT /contracts/:id/returned')).toHaveLength(1));
    expect(
      // The matcher folds the no-break space of the euro amounts into a plain one.
      await screen.findByText('Hilinemistasu: 50,00 €, millest 10,00 € on rentija tasumata võlg'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Toode tagastatud' })).not.toBeInTheDocument();
    // The first step's panels show the statuses by their Estonian labels, never the codes.
    await user.click(screen.getByRole('button', { name: '1. Osapoolte kokkulepped' }));
    expect(await screen.findByText('Tagastatud')).toBeInTheDocument();
    expect(screen.getByText('Lõpetatud')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/RETURNED|CAPTURED/);
  });

  it("shows the owner the complaint form on the second step ('Probleem on sõnastamata.')", async () => {
    const user = userEvent.setup();
    const api = setup({
      reservation: makeReservation({ status: 'ACCEPTED' }),
      contract: makeContractByHash({ status: 'CAPTURED' }),
      more: {
        'GET /contracts/reservation/:id': () => makeContract({ status: 'CAPTURED', incoming: true, renterReceivedTs: inFuture(-HOUR) }),
        'POST /feedback/problem': () => ({
          id: 1,
          userId: OWNER.id,
          productId: 5,
          contractId: 90,
          comment: 'Katki',
          status: 'OPEN',
          createdTs: inFuture(0),
        }),
      },
    });
    render(owner);
    await user.click(await screen.findByRole('button', { name: 'Saada' }));
    expect(await screen.findByText('Probleem on sõnastamata.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Probleemi kirjeldus/ }), 'Katki');
    await user.click(screen.getByRole('button', { name: 'Saada' }));
    await waitFor(() => expect(api.requests('POST /feedback/problem')).toHaveLength(1));
    expect(api.requests('POST /feedback/problem')[0].body).toEqual({ userId: OWNER.id, productId: 5, comment: 'Katki', contractId: 90 });
  });

  it("opens 'Kirjuta' with a note while messaging is not available", async () => {
    const user = userEvent.setup();
    setup();
    render(renter);
    await user.click(await screen.findByRole('button', { name: 'Kirjuta' }));
    expect(await screen.findByText('Sõnumite saatmine pole veel saadaval.')).toBeInTheDocument();
  });

  it('says the reservation was not found on a 404', async () => {
    mockApi({
      'GET /reservations/hash/:hash': () => {
        throw new ApiError({ status: 404, code: 'NOT_FOUND', message: 'x' });
      },
    });
    render(renter);
    expect(await screen.findByText('Broneeringut ei leitud, või on broneering oma aja ületanud.')).toBeInTheDocument();
  });
});
