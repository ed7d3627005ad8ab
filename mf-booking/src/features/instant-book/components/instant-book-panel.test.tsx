import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from 'shared-kernel/api';
import { formatEuros } from 'shared-kernel/domain';
import type { ProductDetails } from 'shared-kernel/schemas';
import { makeUser, mockApi, renderWithPlatform, type MockedApi } from 'shared-kernel/testing';
import { quoteRental, tallinnLocalToEpoch, tierPricesFromEuros } from 'shared-kernel/time';
import { leaveForBank } from '../../../components/payment/leave-for-bank';
import { BANK_PAGE, mockBankLink, testOrder } from '../../../testing/bank-link';
import { fixClock } from '../../../testing/clock';
import { testProductDetails } from '../../../testing/product-fixture';
import { Widget } from '../../../widgets/booking-panel';

jest.mock('../../../components/payment/leave-for-bank');

let api: MockedApi;
let bankLink: ReturnType<typeof mockBankLink>;
const reserve = jest.fn();

beforeEach(() => {
  fixClock('2026-12-01T10:00:00Z');
  jest.mocked(leaveForBank).mockReset();
  reserve.mockReset().mockImplementation(() => testOrder());
  api = mockApi({
    'POST /reservations/product/:id/automated-with-payment': ({ body }) => reserve(body),
    'POST /reservations/product/:id/automated-with-payment/cancel': () => ({ ok: true }),
  });
  bankLink = mockBankLink(api);
});
afterEach(() => {
  bankLink.restore();
  jest.useRealTimers();
});

const product = (overrides: Partial<ProductDetails> = {}) => testProductDetails({ automaticallyApproved: true, ...overrides });

async function open(p: ProductDetails = product(), session: ReturnType<typeof makeUser> | null = makeUser({ id: 50 }), query = '') {
  const result = renderWithPlatform(<Widget productId={p.id} product={p} />, { route: `/public/detail-view/${p.id}${query}`, session });
  await act(async () => undefined);
  return result;
}

const press = (el: HTMLElement) => act(async () => void fireEvent.click(el));
const payButton = () => screen.getByRole('button', { name: 'Maksa ja rendi' });
const day = (label: string) => screen.getByRole('gridcell', { name: new RegExp(`^${label} 2026, `) });
const euros = (cents: number) => formatEuros(cents).replace(/\s/g, ' ');
/** The kernel's price of a Tallinn wall-clock period: what the API books and a search card shows. */
const quoteOf = (p: ProductDetails, from: string, to: string) =>
  quoteRental({
    prices: tierPricesFromEuros(p),
    startMs: tallinnLocalToEpoch(from),
    endMs: tallinnLocalToEpoch(to),
    ownerVatLiable: p.allowVat,
  })!.totalCents;

async function fillAndPickBank() {
  await press(day('14. detsember'));
  await waitFor(() => expect(screen.getByRole('radio', { name: 'SEB' })).toBeInTheDocument());
  await press(screen.getByRole('radio', { name: 'SEB' }));
}

describe('pay-and-rent (automatically approved products)', () => {
  it('is the booking section of an automatically approved product, prefilled from the session user', async () => {
    await open();
    expect(screen.getByRole('form', { name: 'Maksa ja rendi' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rentima' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Nimi' })).toHaveValue('Mari Maasikas');
    expect(screen.getByRole('textbox', { name: 'Telefon' })).toHaveValue('+37255512345');
    expect(screen.getByRole('radiogroup', { name: 'Pank' })).toBeInTheDocument();
  });

  it('keeps hours between 0 and 23 and days at 0 or more', async () => {
    await open();
    const hoursUp = screen.getByRole('button', { name: 'Tunnid: rohkem' });
    const hoursDown = screen.getByRole('button', { name: 'Tunnid: vähem' });
    expect(hoursDown).toBeDisabled();
    for (let i = 0; i < 23; i++) await press(hoursUp);
    expect(screen.getByTestId('stepper-hours')).toHaveTextContent('23');
    expect(hoursUp).toBeDisabled();
    await press(hoursDown);
    expect(screen.getByTestId('stepper-hours')).toHaveTextContent('22');
    expect(hoursUp).toBeEnabled();

    const daysDown = screen.getByRole('button', { name: 'Päevad: vähem' });
    expect(screen.getByTestId('stepper-days')).toHaveTextContent('1');
    await press(daysDown);
    expect(screen.getByTestId('stepper-days')).toHaveTextContent('0');
    expect(daysDown).toBeDisabled();
    // 25 presses, each rendering the whole form: about 5 s on a busy 2-core machine.
  }, 20_000);

  it('shows the quote of the period and keeps Pay & Rent disabled while name, phone or total is empty', async () => {
    const p = product({ priceHour: 3 });
    await open(p);
    expect(payButton()).toBeDisabled();
    await press(day('14. detsember'));
    const quote = quoteRental({
      prices: tierPricesFromEuros(p),
      startMs: tallinnLocalToEpoch('2026-12-14T08:00'),
      endMs: tallinnLocalToEpoch('2026-12-15T08:00'),
      ownerVatLiable: true,
    })!;
    expect(screen.getByTestId('booking-period')).toHaveTextContent('Üleandmine 14.12 08:00, tagastamine 15.12 08:00');
    expect(screen.getByTestId('price-total')).toHaveTextContent(euros(quote.totalCents));
    expect(payButton()).toBeEnabled();

    fireEvent.change(screen.getByRole('textbox', { name: 'Telefon' }), { target: { value: '' } });
    expect(payButton()).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Telefon' }), { target: { value: '+372 5555 1234' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Nimi' }), { target: { value: '  ' } });
    expect(payButton()).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Nimi' }), { target: { value: 'Jaan Tamm' } });
    expect(payButton()).toBeEnabled();

    // Zero days and zero hours is no rental and no price.
    await press(screen.getByRole('button', { name: 'Päevad: vähem' }));
    expect(payButton()).toBeDisabled();
    // Three hours from the opening hour: the hourly price.
    for (let i = 0; i < 3; i++) await press(screen.getByRole('button', { name: 'Tunnid: rohkem' }));
    expect(screen.getByTestId('booking-period')).toHaveTextContent('Üleandmine 14.12 08:00, tagastamine 14.12 11:00');
    expect(screen.getByTestId('price-breakdown')).toHaveTextContent('Rent (3 tundi)');
    expect(payButton()).toBeEnabled();
  });

  // A dated search (issue 32) opens the panel with its period, priced as its card (quoteRental).
  it.each<{
    what: string;
    overrides: Partial<ProductDetails>;
    query: string;
    steppers: [days: string, hours: string];
    shown: string;
    rent: string;
    period: [from: string, to: string];
  }>([
    {
      what: 'the days of a day search, returned the morning after',
      overrides: {},
      query: '?from=2026-12-14&to=2026-12-16',
      steppers: ['3', '0'],
      shown: 'Üleandmine 14.12 08:00, tagastamine 17.12 08:00',
      rent: 'Rent (3 päeva)',
      period: ['2026-12-14T08:00', '2026-12-17T08:00'],
    },
    {
      what: 'searched hours at exactly their start, not the opening hour',
      overrides: { priceHour: 3 },
      query: '?from=2026-12-07T10:00&to=2026-12-07T13:00',
      steppers: ['0', '3'],
      shown: 'Üleandmine 07.12 10:00, tagastamine 07.12 13:00',
      rent: 'Rent (3 tundi)',
      period: ['2026-12-07T10:00', '2026-12-07T13:00'],
    },
    {
      what: 'searched hours ending at a :30 closing, returned at the closing',
      overrides: { priceHour: 44, startTs: '10:00', endTs: '14:30' },
      query: '?from=2026-12-07T10:00&to=2026-12-07T14:30',
      steppers: ['0', '5'],
      shown: 'Üleandmine 07.12 10:00, tagastamine 07.12 14:30',
      rent: 'Rent (5 tundi)',
      period: ['2026-12-07T10:00', '2026-12-07T14:30'],
    },
    {
      what: 'searched hours ending at :30 of a product rented round the clock, returned at that :30',
      overrides: { priceHour: 44, startTs: '00:00', endTs: '24:00' },
      query: '?from=2026-12-07T10:00&to=2026-12-07T14:30',
      steppers: ['0', '5'],
      shown: 'Üleandmine 07.12 10:00, tagastamine 07.12 14:30',
      rent: 'Rent (5 tundi)',
      period: ['2026-12-07T10:00', '2026-12-07T14:30'],
    },
    {
      // Handover Friday 4.12, return Friday morning 11.12 (ADR 0047): the weekend between need not be rent days.
      what: 'searched days over the weekend of a weekday product',
      overrides: { rentDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] },
      query: '?from=2026-12-04&to=2026-12-10',
      steppers: ['7', '0'],
      shown: 'Üleandmine 04.12 08:00, tagastamine 11.12 08:00',
      rent: 'Rent (7 päeva)',
      period: ['2026-12-04T08:00', '2026-12-11T08:00'],
    },
    {
      what: 'a searched period of 120 days whole (the kernel limit, not 90)',
      overrides: {},
      query: '?from=2026-12-07&to=2027-04-05',
      steppers: ['120', '0'],
      shown: 'Üleandmine 07.12 08:00, tagastamine 06.04.2027 08:00',
      rent: 'Rent (120 päeva)',
      period: ['2026-12-07T08:00', '2027-04-06T08:00'],
    },
  ])('opens with $what', async ({ overrides, query, steppers, shown, rent, period }) => {
    const p = product(overrides);
    await open(p, makeUser({ id: 50 }), query);
    expect(screen.getByTestId('stepper-days')).toHaveTextContent(steppers[0]);
    expect(screen.getByTestId('stepper-hours')).toHaveTextContent(steppers[1]);
    expect(screen.getByTestId('booking-period')).toHaveTextContent(shown);
    expect(screen.queryByTestId('period-problem')).toBeNull();
    expect(screen.getByTestId('price-breakdown')).toHaveTextContent(rent);
    expect(screen.getByTestId('price-total')).toHaveTextContent(euros(quoteOf(p, ...period)));
    expect(payButton()).toBeEnabled();
  });

  it('says a period longer than the API books is too long instead of shortening it', async () => {
    await open(product(), makeUser({ id: 50 }), '?from=2026-12-07&to=2027-12-31');
    expect(screen.getByTestId('stepper-days')).toHaveTextContent('390');
    expect(screen.getByTestId('period-problem')).toHaveTextContent('Rendiperiood on liiga pikk.');
    expect(screen.queryByTestId('price-total')).toBeNull();
  });

  it('refuses a return outside the rent hours', async () => {
    await open();
    await press(day('14. detsember'));
    for (let i = 0; i < 11; i++) await press(screen.getByRole('button', { name: 'Tunnid: rohkem' }));
    expect(screen.getByTestId('period-problem')).toHaveTextContent('Tagastus jääb väljapoole rendiaega 08:00–18:00.');
    expect(payButton()).toBeDisabled();
  });

  it("asks for a bank ('Vali makseviis.') before anything is booked", async () => {
    await open();
    await press(day('14. detsember'));
    await press(payButton());
    expect(await screen.findByText('Vali makseviis.')).toBeInTheDocument();
    expect(reserve).not.toHaveBeenCalled();
  });

  it('books, creates the bank order and sends the browser to the bank page', async () => {
    const p = product();
    await open(p);
    await fillAndPickBank();
    await press(payButton());
    await waitFor(() => expect(leaveForBank).toHaveBeenCalledWith(BANK_PAGE));
    const total = quoteRental({
      prices: tierPricesFromEuros(p),
      startMs: tallinnLocalToEpoch('2026-12-14T08:00'),
      endMs: tallinnLocalToEpoch('2026-12-15T08:00'),
      ownerVatLiable: true,
    })!.totalCents;
    expect(api.requests('POST /reservations/product/:id/automated-with-payment')[0].path).toBe(
      '/reservations/product/12/automated-with-payment',
    );
    expect(reserve).toHaveBeenCalledWith({
      startTs: '2026-12-14T06:00:00.000Z',
      endTs: '2026-12-15T06:00:00.000Z',
      phone: '+37255512345',
      name: 'Mari Maasikas',
      payment: {
        method: 'paymentInitiation',
        methodOptions: { preferredLocale: 'et', preferredCountry: 'EE', preferredProvider: 'seb-ee' },
        amount: total / 100,
        currency: 'EUR',
      },
    });
    // The API created the order at the provider: the browser itself calls no provider.
    expect(bankLink.fetch).not.toHaveBeenCalled();
    expect(api.requests('POST /reservations/product/:id/automated-with-payment/cancel')).toHaveLength(0);
  });

  it.each([
    ['UNAVAILABLE', 'Toode on antud ajavahemikus juba broneeritud.'],
    ['SELF_PRODUCT', 'Enda toodet ei saa rentida.'],
    ['PENDING_RESERVATION', 'Kasutajal on broneering juba sooritatud.'],
    ['INVALID_TIMES', 'Algusaeg on enne praegust ajahetke.'],
    ['PAYMENT_AMOUNT_MISMATCH', 'Broneerimine ebaõnnestus.'],
  ])('on %s cancels the automated request and warns %p', async (code, message) => {
    reserve.mockImplementation(() => {
      throw new ApiError({ status: 409, code, message: code });
    });
    await open();
    await fillAndPickBank();
    await press(payButton());
    expect(await screen.findByTestId('instant-book-error')).toHaveTextContent(message);
    await waitFor(() => expect(api.requests('POST /reservations/product/:id/automated-with-payment/cancel')).toHaveLength(1));
    expect(api.requests('POST /reservations/product/:id/automated-with-payment/cancel')[0]).toMatchObject({
      path: '/reservations/product/12/automated-with-payment/cancel',
      body: {},
    });
    expect(leaveForBank).not.toHaveBeenCalled();
  });

  it('cancels the held request when the API could not create the bank order (the provider is down)', async () => {
    reserve.mockImplementation(() => {
      throw new ApiError({ status: 502, code: 'PROVIDER_ERROR', message: 'Maksmine ebaõnnestus' });
    });
    await open();
    await fillAndPickBank();
    await press(payButton());
    expect(await screen.findByTestId('instant-book-error')).toHaveTextContent('Broneerimine ebaõnnestus.');
    await waitFor(() => expect(api.requests('POST /reservations/product/:id/automated-with-payment/cancel')).toHaveLength(1));
    expect(leaveForBank).not.toHaveBeenCalled();
  });

  it('shows a visitor the form with a sign-in link instead of the button, and asks no bank list', async () => {
    await open(product(), null);
    expect(screen.queryByRole('button', { name: 'Maksa ja rendi' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Broneerimiseks logi sisse' })).toHaveAttribute(
      'href',
      expect.stringContaining('/public/login?goto='),
    );
    expect(screen.getByRole('link', { name: 'Broneerimiseks logi sisse' }).getAttribute('href')).toContain(
      encodeURIComponent('/public/detail-view/12'),
    );
    expect(screen.queryByRole('radiogroup', { name: 'Pank' })).toBeNull();
    expect(api.requests('GET /payment/methods')).toHaveLength(0);
  });

  it('tells a user who must verify identity to verify first', async () => {
    await open(product(), makeUser({ roles: ['ROLE_USER_B2C_NEED_ID'] }));
    expect(screen.queryByRole('button', { name: 'Maksa ja rendi' })).toBeNull();
    expect(screen.getByTestId('needs-verification')).toHaveTextContent('Broneerimiseks tuleb esmalt isik tuvastada.');
    expect(screen.getByRole('link', { name: 'Tuvasta isik' })).toHaveAttribute('href', '/auth/verify-identity');
  });
});
