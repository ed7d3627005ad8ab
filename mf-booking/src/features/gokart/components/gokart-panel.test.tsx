import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from 'shared-kernel/api';
import { formatEuros } from 'shared-kernel/domain';
import type { GokartDay } from 'shared-kernel/schemas';
import { makeUser, mockApi, renderWithPlatform, type MockedApi } from 'shared-kernel/testing';
import { leaveForBank } from '../../../components/payment/leave-for-bank';
import { BANK_PAGE, mockBankLink, testOrder } from '../../../testing/bank-link';
import { fixClock } from '../../../testing/clock';
import { testProductDetails } from '../../../testing/product-fixture';
import { Widget } from '../../../widgets/booking-panel';

jest.mock('../../../components/payment/leave-for-bank');

let api: MockedApi;
let bankLink: ReturnType<typeof mockBankLink>;
const book = jest.fn();
let days: Record<string, GokartDay>;

const gokartDay = (day: string, overrides: Partial<GokartDay> = {}): GokartDay => ({
  day,
  opens: '10:00',
  closes: '14:00',
  bookings: [],
  slotsTaken: {},
  ...overrides,
});

beforeEach(() => {
  // 12:00 in Tallinn.
  fixClock('2026-12-01T10:00:00Z');
  jest.mocked(leaveForBank).mockReset();
  book.mockReset().mockImplementation(() => testOrder({ reservationHash: 'kart1234' }));
  days = {
    '2026-12-01': gokartDay('2026-12-01', { slotsTaken: { '12:20': 8, '12:40': 10, '13:00': 5 } }),
    '2026-12-05': gokartDay('2026-12-05', { opens: null, closes: null }),
  };
  api = mockApi({
    'GET /reservations/by-day': ({ query }) => days[String(query?.day)] ?? gokartDay(String(query?.day)),
    'POST /reservations/gokart': ({ body }) => book(body),
  });
  bankLink = mockBankLink(api);
});
afterEach(() => {
  bankLink.restore();
  jest.useRealTimers();
});

async function open(session: ReturnType<typeof makeUser> | null = makeUser({ id: 50 })) {
  const product = testProductDetails({ id: 229, name: 'Rääsilla kardirada' });
  renderWithPlatform(<Widget productId={229} product={product} />, { route: '/public/raasilla', session });
  await screen.findByRole('group', { name: 'Sõiduajad' });
}

const press = (el: HTMLElement) => act(async () => void fireEvent.click(el));
const slot = (time: string) => within(screen.getByRole('group', { name: 'Sõiduajad' })).getByRole('button', { name: time });
const riders = (n: number) => act(async () => void fireEvent.change(screen.getByRole('slider', { name: 'Sõitjate arv' }), { target: { value: String(n) } }));
const submit = () => press(screen.getByRole('button', { name: 'Maksa ja broneeri' }));
const euros = (cents: number) => formatEuros(cents).replace(/\s/g, ' ');

describe('go-kart booking (product 229)', () => {
  it("lists today's 20-minute slots in opening hours, past and full ones disabled", async () => {
    await open();
    expect(api.requests('GET /reservations/by-day')[0].query).toEqual({ day: '2026-12-01' });
    const names = within(screen.getByRole('group', { name: 'Sõiduajad' }))
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['10:00', '10:20', '10:40', '11:00', '11:20', '11:40', '12:00', '12:20', '12:40', '13:00', '13:20', '13:40']);
    // Started (12:00 has begun at 12:00) or past.
    expect(slot('11:40')).toBeDisabled();
    expect(slot('12:00')).toBeDisabled();
    // 8 of 10 taken: room for 2, not for 3; 12:40 is full.
    expect(slot('12:20')).toBeEnabled();
    expect(slot('12:40')).toBeDisabled();
    await riders(2);
    expect(slot('12:20')).toBeEnabled();
    await riders(3);
    expect(slot('12:20')).toBeDisabled();
    expect(slot('13:00')).toBeEnabled();
    await riders(6);
    expect(slot('13:00')).toBeDisabled();
    expect(slot('13:20')).toBeEnabled();
  });

  it('keeps riders between 1 and 10 with one name field per rider', async () => {
    await open();
    const slider = screen.getByRole('slider', { name: 'Sõitjate arv' });
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '10');
    expect(slider).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: 'Sõitja 1 nimi' })).toBeInTheDocument();
    await riders(4);
    expect(screen.getByTestId('rider-count')).toHaveTextContent('4 sõitjat');
    expect(screen.getAllByRole('textbox', { name: /^Sõitja \d+ nimi$/ })).toHaveLength(4);
    await riders(10);
    expect(screen.getAllByRole('textbox', { name: /^Sõitja \d+ nimi$/ })).toHaveLength(10);
  });

  it('drops a chosen slot that cannot hold a larger group', async () => {
    await open();
    await riders(2);
    await press(slot('12:20'));
    await press(slot('13:20'));
    expect(slot('12:20')).toHaveAttribute('aria-pressed', 'true');
    await riders(3);
    expect(slot('12:20')).toHaveAttribute('aria-pressed', 'false');
    expect(slot('13:20')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('gokart-total-value')).toHaveTextContent(euros(6_000));
  });

  it("asks for the name and phone ('Täida ka nimi ja telefoni number.') and a slot ('Vali ajad.')", async () => {
    await open(makeUser({ id: 50, name: '', lastName: '', contactInfos: [] }));
    await submit();
    expect(await screen.findByText('Vali ajad.')).toBeInTheDocument();
    expect(screen.getAllByText('Täida ka nimi ja telefoni number.')).toHaveLength(2);
    expect(screen.getByText('Sisesta sõitja nimi.')).toBeInTheDocument();
    expect(book).not.toHaveBeenCalled();
  });

  it('books 3 riders for 2 slots at 20 € each per rider and goes to the bank', async () => {
    await open();
    await riders(3);
    await press(slot('13:20'));
    await press(slot('13:00'));
    expect(screen.getByTestId('gokart-total-value')).toHaveTextContent(euros(12_000));
    for (const [i, name] of ['Mari', 'Jüri', 'Kati'].entries()) {
      fireEvent.change(screen.getByRole('textbox', { name: `Sõitja ${i + 1} nimi` }), { target: { value: name } });
    }
    await waitFor(() => expect(screen.getByRole('radio', { name: 'LHV' })).toBeInTheDocument());
    await press(screen.getByRole('radio', { name: 'LHV' }));
    await submit();
    await waitFor(() => expect(leaveForBank).toHaveBeenCalledWith(BANK_PAGE));
    expect(book).toHaveBeenCalledWith({
      day: '2026-12-01',
      slots: ['13:00', '13:20'],
      personPhone: '+37255512345',
      personName: 'Mari Maasikas',
      riders: ['Mari', 'Jüri', 'Kati'],
      payment: {
        method: 'paymentInitiation',
        methodOptions: { preferredLocale: 'et', preferredCountry: 'EE', preferredProvider: 'lhv-ee' },
        amount: 120,
        currency: 'EUR',
      },
    });
    expect(bankLink.orders()).toEqual([{ data: 'signed-order' }]);
  });

  it('on GOKART_FULL asks for the day again and says the slot filled up', async () => {
    book.mockImplementation(() => {
      days['2026-12-01'] = gokartDay('2026-12-01', { slotsTaken: { '13:20': 10 } });
      throw new ApiError({ status: 409, code: 'GOKART_FULL', message: 'full' });
    });
    await open();
    await press(slot('13:20'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Sõitja 1 nimi' }), { target: { value: 'Mari' } });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'SEB' })).toBeInTheDocument());
    await press(screen.getByRole('radio', { name: 'SEB' }));
    await submit();
    expect(await screen.findByTestId('gokart-error')).toHaveTextContent('Valitud aeg täitus vahepeal. Vali uus aeg.');
    await waitFor(() => expect(slot('13:20')).toBeDisabled());
    expect(api.requests('GET /reservations/by-day')).toHaveLength(2);
    expect(slot('13:20')).toHaveAttribute('aria-pressed', 'false');
    expect(leaveForBank).not.toHaveBeenCalled();
  });

  it('asks for the chosen day and says when the track is closed', async () => {
    await open();
    await press(screen.getByRole('button', { name: /^5\. detsember 2026, / }));
    expect(await screen.findByTestId('gokart-closed')).toHaveTextContent('Rada on sel päeval suletud.');
    expect(api.requests('GET /reservations/by-day').map((r) => r.query)).toEqual([{ day: '2026-12-01' }, { day: '2026-12-05' }]);
  });

  it('shows a visitor the slots and the rules, with a sign-in link instead of paying', async () => {
    await open(null);
    expect(screen.getByText('Kardisõidu reeglid')).toBeInTheDocument();
    expect(screen.getByText('Sõitja minimaalne pikkus on 140 cm.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Maksa ja broneeri' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Broneerimiseks logi sisse' })).toHaveAttribute('href', expect.stringContaining(encodeURIComponent('/public/raasilla')));
  });
});
