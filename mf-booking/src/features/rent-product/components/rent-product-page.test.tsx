import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'shared-kernel/router';
import { ApiError } from 'shared-kernel/api';
import { catalogServiceCents, formatEuros } from 'shared-kernel/domain';
import { on } from 'shared-kernel/events';
import type { NewReservationRequest, Product, Reservation } from 'shared-kernel/schemas';
import { makeUser, mockApi, renderWithPlatform, type MockedApi } from 'shared-kernel/testing';
import { quoteRental, tallinnLocalToEpoch, tierPricesFromEuros } from 'shared-kernel/time';
import { testProduct } from '../../../testing/product-fixture';
import { RentProductPage } from './rent-product-page';

const SERVICES = [
  { id: 5, name: 'Rihmad', cost: 5, additionalInfo: null },
  { id: 6, name: 'Kate', cost: 2.5, additionalInfo: null },
];

let api: MockedApi;
let product: Product;
const created = jest.fn<Reservation | Promise<Reservation>, [NewReservationRequest]>();

function reservation(): Reservation {
  return {
    id: 77,
    hash: 'hash-0077-abcd',
    status: 'REQUESTED',
    startTs: '2026-12-14T06:00:00.000Z',
    endTs: '2026-12-16T06:00:00.000Z',
    hourly: false,
    product: { id: 12, name: product.name },
    user: { id: 50, name: 'Mari', lastName: 'Maasikas' },
    productOwner: { id: 3, name: 'Rendiäri OÜ', lastName: null },
    additionalServices: [],
    additionalServiceCost: 5,
    price: { amount: 20, vat: 6, ourFee: 0.5, additionalServiceCost: 5, total: 31.5, vatRate: 24, tier: 'day', units: 2 },
    createdTs: '2026-12-01T10:00:00.000Z',
  };
}

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z') });
  product = testProduct({ additionalServices: SERVICES });
  created.mockReset().mockImplementation(() => reservation());
  api = mockApi({
    'GET /products/:id': () => product,
    'POST /reservations/product/:id': ({ body }) => created(body as NewReservationRequest),
  });
});
afterEach(() => jest.useRealTimers());

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

async function open(route: string, session = makeUser({ id: 50 })) {
  const result = renderWithPlatform(
    <Routes>
      <Route path="/auth/rent-product/:id" element={<RentProductPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route, session },
  );
  await act(async () => undefined);
  return result;
}

// Chakra's checkbox settles its state after the event; a submit runs the async form handler.
const press = (el: HTMLElement) =>
  act(async () => {
    fireEvent.click(el);
    await jest.advanceTimersByTimeAsync(0);
  });
const submit = () => press(screen.getByRole('button', { name: 'Broneeri' }));
const euros = (cents: number) => formatEuros(cents).replace(/\s/g, ' ');

describe('RentProductPage', () => {
  it('prefills the pick, adds chosen services to the price, posts the request and goes to pending contracts after 2 s', async () => {
    const changes: unknown[] = [];
    const off = on('reservation-changed', (payload) => changes.push(payload));
    const notices: unknown[] = [];
    const offNotice = on('notice', (payload) => notices.push(payload));
    await open('/auth/rent-product/12?startD=2026-12-14&endD=2026-12-16');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Toote rentimine');
    expect(screen.getByTestId('rent-product-name')).toHaveTextContent('Respo kastihaagis');
    expect(screen.getByRole('gridcell', { name: '15. detsember 2026, vaba' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('booking-period')).toHaveTextContent('Üleandmine 14.12 08:00, tagastamine 16.12 08:00');

    await press(screen.getByRole('checkbox', { name: /Rihmad/ }));
    const quote = quoteRental({
      prices: tierPricesFromEuros(product),
      startMs: tallinnLocalToEpoch('2026-12-14T08:00'),
      endMs: tallinnLocalToEpoch('2026-12-16T08:00'),
      ownerVatLiable: true,
      additionalServiceCents: [500],
    })!;
    expect(screen.getByTestId('price-services')).toHaveTextContent(euros(500));
    expect(screen.getByTestId('price-total')).toHaveTextContent(euros(quote.totalCents));

    await submit();
    expect(api.requests('POST /reservations/product/:id')[0].path).toBe('/reservations/product/12');
    expect(created).toHaveBeenCalledWith({
      startTs: '2026-12-14T06:00:00.000Z',
      endTs: '2026-12-16T06:00:00.000Z',
      additionalServices: [{ id: 5, cost: 5 }],
      additionalServiceCost: 5,
    });
    expect(notices).toContainEqual(expect.objectContaining({ type: 'success', message: 'Broneeringu soov on saadetud omanikule.' }));
    expect(changes).toEqual([{ reservationId: 77, status: 'REQUESTED' }]);
    const button = screen.getByRole('button', { name: 'Broneeri' });
    expect(button).toBeDisabled();

    await act(async () => void jest.advanceTimersByTime(1_899));
    expect(button).toBeDisabled();
    await act(async () => void jest.advanceTimersByTime(1));
    expect(button).toBeEnabled();
    expect(screen.queryByTestId('where')).toBeNull();
    await act(async () => void jest.advanceTimersByTime(100));
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/contracts?tabId=pending');
    off();
    offNotice();
  });

  it('labels each service with what the renter pays, as the product page does, and sends its net cost (issue 25)', async () => {
    // Product 61's 'Lisajuht': 15 € net from a VAT-liable owner is 15 + 24 % VAT + 10 % fee = 20,10 €.
    product = testProduct({ additionalServices: [{ id: 85, name: 'Lisajuht', cost: 15, additionalInfo: null }] });
    await open('/auth/rent-product/12');
    expect(screen.getByRole('checkbox', { name: /^Lisajuht \(20,10\s€\)$/ })).toBeInTheDocument();
    expect(euros(catalogServiceCents(1_500, true))).toBe('20,10 €');
    await press(screen.getByRole('checkbox', { name: /Lisajuht/ }));
    await act(async () => void fireEvent.click(screen.getByRole('gridcell', { name: '14. detsember 2026, vaba' })));
    await act(async () => void fireEvent.click(screen.getByRole('gridcell', { name: '16. detsember 2026, vaba' })));
    expect(screen.getByRole('checkbox', { name: /^Lisajuht \(20,10\s€\)$/ })).toBeChecked();
    await submit();
    expect(created).toHaveBeenCalledWith(
      expect.objectContaining({ additionalServices: [{ id: 85, cost: 15 }], additionalServiceCost: 15 }),
    );
  });

  it('labels a service of an owner without VAT with the 10 % fee only', async () => {
    product = testProduct({ allowVat: false, additionalServices: [{ id: 85, name: 'Lisajuht', cost: 15, additionalInfo: null }] });
    await open('/auth/rent-product/12?startD=2026-12-14&endD=2026-12-16');
    expect(screen.getByRole('checkbox', { name: /^Lisajuht \(16,50\s€\)$/ })).toBeInTheDocument();
  });

  // Issue 25: a booked period prefilled through the URL gave a 'Broneeri' that did nothing useful, and no message.
  it.each([
    [
      'taken by another booking',
      { reservations: [{ startTs: '2026-12-15T06:00:00.000Z', endTs: '2026-12-16T06:00:00.000Z' }] },
      'Toode on antud ajavahemikus juba broneeritud. (vt. rendikalender)',
    ],
    [
      "the owner's rest day",
      { vacationDays: ['2026-12-14'] },
      'Valitud ajavahemikku jääb omaniku puhkepäev, mil toodet ei rendita. (vt. rendikalender)',
    ],
    ['not a rent day', { rentDays: ['TUESDAY', 'WEDNESDAY'] }, 'Toodet ei saa sel päeval üle anda ega tagastada.'],
  ] as [string, Partial<Product>, string][])(
    'says why a prefilled period is %s, disables the button and lets another period be picked',
    async (_label, overrides, text) => {
      product = testProduct(overrides);
      await open('/auth/rent-product/12?startD=2026-12-14&endD=2026-12-16');
      const alert = screen.getByTestId('period-refused');
      expect(alert).toHaveTextContent(`${text} Vali kalendrist teine periood.`);
      expect(screen.getByRole('button', { name: 'Broneeri' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Broneeri' })).toHaveAccessibleDescription(alert.textContent as string);
      await submit();
      expect(created).not.toHaveBeenCalled();

      await press(screen.getByRole('gridcell', { name: '22. detsember 2026, vaba' }));
      await press(screen.getByRole('gridcell', { name: '23. detsember 2026, vaba' }));
      expect(screen.queryByTestId('period-refused')).not.toBeInTheDocument();
      await submit();
      expect(created).toHaveBeenCalledWith(
        expect.objectContaining({ startTs: '2026-12-22T06:00:00.000Z', endTs: '2026-12-23T06:00:00.000Z' }),
      );
    },
  );

  it('says a prefilled start in the past is in the past', async () => {
    await open('/auth/rent-product/12?startD=2026-11-20&endD=2026-11-22');
    expect(screen.getByTestId('period-refused')).toHaveTextContent('Algusaeg on enne praegust ajahetke. Vali kalendrist teine periood.');
    expect(screen.getByRole('button', { name: 'Broneeri' })).toBeDisabled();
  });

  it('posts the chosen hours in hourly mode', async () => {
    product = testProduct({ priceHour: 4 });
    await open('/auth/rent-product/12?startD=2026-12-14&endD=2026-12-14&startH=10&endH=12');
    expect(screen.getByRole('checkbox', { name: 'Tunnipõhine rent' })).toBeChecked();
    expect(screen.getByTestId('price-breakdown')).toHaveTextContent('Rent (2 tundi)');
    await submit();
    expect(created).toHaveBeenCalledWith({
      startTs: '2026-12-14T08:00:00.000Z',
      endTs: '2026-12-14T10:00:00.000Z',
      additionalServices: [],
      additionalServiceCost: 0,
    });
  });

  it('sends a user who must verify identity to the profile with the notice', async () => {
    const notices: unknown[] = [];
    const off = on('notice', (payload) => notices.push(payload));
    await open('/auth/rent-product/12?startD=2026-12-14&endD=2026-12-16', makeUser({ roles: ['ROLE_USER_B2C_NEED_ID'] }));
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/user-profile');
    expect(notices).toContainEqual(expect.objectContaining({ type: 'info', message: 'Broneerimiseks tuleb esmalt isik tuvastada.' }));
    expect(api.requests('GET /products/:id')).toHaveLength(0);
    off();
  });

  it('redirects the go-kart to its own page', async () => {
    await open('/auth/rent-product/229?startD=2026-12-14&endD=2026-12-16');
    expect(screen.getByTestId('where')).toHaveTextContent('/public/raasilla');
  });

  it("explains the debtor limit to a limited user, lets them book, and shows the server's limit refusal with its amounts", async () => {
    const refusal =
      'Maksehäiretega kasutaja võib korraga rentida kuni 500,00 € väärtuses. Sinu pooleliolevad rendid on 300,00 €, see broneering (300,00 €) ületaks piiri.';
    created.mockImplementation(() => {
      throw new ApiError({ status: 409, code: 'DEBTOR_LIMIT', message: refusal });
    });
    await open('/auth/rent-product/12?startD=2026-12-14&endD=2026-12-16', makeUser({ roles: ['ROLE_USER_LIMITED'] }));
    expect(screen.getByTestId('debtor-limit')).toHaveTextContent(
      'Tingimuste järgi võid korraga rentida kuni 500 € (ettevõttena 2000 €) väärtuses; tasumata võlaga uusi broneeringuid teha ei saa.',
    );
    expect(screen.queryByTestId('credit-assessment')).not.toBeInTheDocument();
    await submit();
    expect(screen.getByTestId('rent-error')).toHaveTextContent(refusal);
  });

  it("shows a debtor the server's refusal naming the unpaid debt", async () => {
    const refusal = 'Sul on tasumata võlg 100,00 €. Uusi broneeringuid saad teha pärast võla tasumist: tee oma kontole sissemakse.';
    created.mockImplementation(() => {
      throw new ApiError({ status: 409, code: 'RENTER_IN_DEBT', message: refusal });
    });
    await open('/auth/rent-product/12?startD=2026-12-14&endD=2026-12-16');
    expect(screen.queryByTestId('debtor-limit')).not.toBeInTheDocument();
    await submit();
    expect(screen.getByTestId('rent-error')).toHaveTextContent(refusal);
  });

  it("says 'Summa on 0.' and disables the button when the period has no price", async () => {
    product = testProduct({ priceDaily: null, weekendDay: 0 });
    await open('/auth/rent-product/12?startD=2026-12-14&endD=2026-12-16');
    expect(screen.getByTestId('zero-sum')).toHaveTextContent('Summa on 0.');
    expect(screen.getByRole('button', { name: 'Broneeri' })).toBeDisabled();
  });

  it.each([
    ['PENDING_RESERVATION', 409, 'Kasutajal on broneering juba sooritatud.'],
    ['INVALID_ADDITIONAL_COST_NEGATIVE', 400, 'Summa on negatiivne.'],
    ['UNAVAILABLE', 409, 'Toode on antud ajavahemikus juba broneeritud. (vt. rendikalender)'],
    ['IS_VACATION_DAY', 409, 'Valitud ajavahemikku jääb omaniku puhkepäev, mil toodet ei rendita. (vt. rendikalender)'],
    ['UNAVAILABLE,OUTSIDE_RENT_HOURS', 409, 'Üleandmine ja tagastamine peavad jääma toote rendiaegade sisse.'],
    ['UNAVAILABLE,NOT_RENT_DAY', 409, 'Toodet ei saa sel päeval üle anda ega tagastada.'],
    ['SELF_PRODUCT', 400, 'Enda toodet ei saa rentida.'],
    ['INVALID_TIMES', 400, 'Algusaeg on enne praegust ajahetke.'],
    ['INVALID_TIMES_START_AFTER_END', 400, 'Algusaeg on pärast lõppaega.'],
    ['ZERO_SUM', 400, 'Summa on 0.'],
    ['INVALID_ADDITIONAL_COST', 409, 'Broneerimine ebaõnnestus.'],
    ['FORBIDDEN', 403, 'Broneerimine ebaõnnestus.'],
  ])('shows %s as its text above the button', async (code, status, text) => {
    created.mockImplementation(() => {
      throw new ApiError({ status, code: code.split(',')[0], codes: code.split(','), message: 'x' });
    });
    await open('/auth/rent-product/12?startD=2026-12-14&endD=2026-12-16');
    await submit();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(within(screen.getByTestId('rent-error')).getByText(text)).toBe(alert);
    expect(screen.getByRole('button', { name: 'Broneeri' })).toBeEnabled();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});

describe('RentProductPage loading', () => {
  it('says so when the product does not exist', async () => {
    api.on({
      'GET /products/:id': () => {
        throw new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Toodet ei leitud' });
      },
    });
    await open('/auth/rent-product/999');
    expect(screen.getByRole('alert')).toHaveTextContent('Toodet ei leitud.');
  });
});
