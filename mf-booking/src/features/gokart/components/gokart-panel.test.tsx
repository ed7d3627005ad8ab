import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-kernel/api';
import { formatEuros } from 'shared-kernel/domain';
import type { GokartDay, ProductDetails } from 'shared-kernel/schemas';
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

async function open(session: ReturnType<typeof makeUser> | null = makeUser({ id: 50 }), overrides: Partial<ProductDetails> = {}) {
  const product = testProductDetails({ id: 229, name: 'Rääsilla kardirada', ...overrides });
  renderWithPlatform(<Widget productId={229} product={product} />, { route: '/public/raasilla', session });
  await screen.findByRole('grid', { name: 'Sõiduajad' });
}

const press = (el: HTMLElement) => act(async () => void fireEvent.click(el));
const slotGrid = () => screen.getByRole('grid', { name: 'Sõiduajad' });
const slot = (time: string) => within(slotGrid()).getByRole('gridcell', { name: new RegExp(`^${time}, `) });
const focused = () => document.activeElement?.getAttribute('aria-label');
const riders = (n: number) =>
  act(async () => void fireEvent.change(screen.getByRole('slider', { name: 'Sõitjate arv' }), { target: { value: String(n) } }));
const submit = () => press(screen.getByRole('button', { name: 'Maksa ja broneeri' }));
const euros = (cents: number) => formatEuros(cents).replace(/\s/g, ' ');

describe('go-kart booking (product 229)', () => {
  it("lists today's 20-minute slots in opening hours, each named with its state; past and full ones cannot be picked", async () => {
    await open();
    expect(api.requests('GET /reservations/by-day')[0].query).toEqual({ day: '2026-12-01' });
    const names = within(slotGrid())
      .getAllByRole('gridcell')
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      '10:00, möödunud',
      '10:20, möödunud',
      '10:40, möödunud',
      '11:00, möödunud',
      '11:20, möödunud',
      '11:40, möödunud',
      // Started: 12:00 has begun at 12:00.
      '12:00, möödunud',
      '12:20, vabu kohti 2',
      '12:40, täis',
      '13:00, vabu kohti 5',
      '13:20, vabu kohti 10',
      '13:40, vabu kohti 10',
    ]);
    const off = (time: string) => expect(slot(time)).toHaveAttribute('aria-disabled', 'true');
    const on = (time: string) => expect(slot(time)).not.toHaveAttribute('aria-disabled');
    off('11:40');
    off('12:00');
    // 8 of 10 taken: room for 2, not for 3; 12:40 is full.
    on('12:20');
    off('12:40');
    await riders(2);
    on('12:20');
    await riders(3);
    off('12:20');
    expect(slot('12:20')).toHaveAccessibleName('12:20, vabu kohti ainult 2');
    on('13:00');
    await riders(6);
    off('13:00');
    on('13:20');
    // A click on a slot that cannot hold the riders picks nothing.
    await press(slot('13:00'));
    expect(slot('13:00')).not.toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('gokart-total-value')).toHaveTextContent(euros(0));
  });

  it('picks slots with the keyboard alone: arrows between slots, Enter and Space, unavailable ones announced', async () => {
    const user = userEvent.setup();
    await open();
    // One tab stop after the riders slider: the first slot with room.
    act(() => screen.getByRole('slider', { name: 'Sõitjate arv' }).focus());
    await user.tab();
    expect(focused()).toBe('12:20, vabu kohti 2');
    expect(
      within(slotGrid())
        .getAllByRole('gridcell')
        .filter((c) => c.tabIndex === 0),
    ).toHaveLength(1);
    // Rows of three without a wide screen: down is three slots on.
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('13:20, vabu kohti 10');
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowLeft} ');
    expect(slot('13:00')).toHaveAttribute('aria-selected', 'true');
    expect(slot('13:20')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('gokart-total-value')).toHaveTextContent(euros(4_000));
    await user.keyboard('{ArrowUp}');
    expect(focused()).toBe('12:00, möödunud');
    await user.keyboard('{Enter}');
    expect(slot('12:00')).not.toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(focused()).toBe('12:40, täis');
    await user.keyboard(' ');
    expect(slot('12:40')).not.toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(focused()).toBe('12:00, möödunud');
    await user.keyboard('{Control>}{End}{/Control}');
    expect(focused()).toBe('13:40, vabu kohti 10');
    // Space again drops a slot.
    await user.keyboard('{ArrowLeft} ');
    expect(slot('13:20')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByTestId('gokart-total-value')).toHaveTextContent(euros(2_000));
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
    expect(slot('12:20')).toHaveAttribute('aria-selected', 'true');
    await riders(3);
    expect(slot('12:20')).not.toHaveAttribute('aria-selected', 'true');
    expect(slot('13:20')).toHaveAttribute('aria-selected', 'true');
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
    // The API created the order at the provider: the browser itself calls no provider.
    expect(bankLink.fetch).not.toHaveBeenCalled();
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
    await waitFor(() => expect(slot('13:20')).toHaveAccessibleName('13:20, täis'));
    expect(slot('13:20')).toHaveAttribute('aria-disabled', 'true');
    expect(api.requests('GET /reservations/by-day')).toHaveLength(2);
    expect(slot('13:20')).not.toHaveAttribute('aria-selected', 'true');
    expect(leaveForBank).not.toHaveBeenCalled();
  });

  it('asks for the chosen day and says when the track is closed', async () => {
    await open();
    await press(screen.getByRole('gridcell', { name: /^5\. detsember 2026, / }));
    expect(await screen.findByTestId('gokart-closed')).toHaveTextContent('Rada on sel päeval suletud.');
    expect(api.requests('GET /reservations/by-day').map((r) => r.query)).toEqual([{ day: '2026-12-01' }, { day: '2026-12-05' }]);
  });

  it("shows the days the track does not open (Monday, Tuesday) as 'suletud', which cannot be chosen", async () => {
    const user = userEvent.setup();
    // Today is Tuesday 1 December: the panel opens on Wednesday, the track's next open day.
    await open(makeUser({ id: 50 }), { rentDays: ['WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'], vacationDays: ['2026-12-24'] });
    const day = (name: string) => screen.getByRole('gridcell', { name });
    expect(day('2. detsember 2026, vaba')).toHaveAttribute('aria-selected', 'true');
    expect(api.requests('GET /reservations/by-day').map((r) => r.query)).toEqual([{ day: '2026-12-02' }]);
    for (const closed of [
      '1. detsember 2026, suletud',
      '7. detsember 2026, suletud',
      '8. detsember 2026, suletud',
      '24. detsember 2026, suletud',
    ]) {
      expect(day(closed)).toHaveAttribute('aria-disabled', 'true');
    }
    expect(screen.queryByRole('gridcell', { name: /^7\. detsember 2026, vaba$/ })).toBeNull();
    expect(day('9. detsember 2026, vaba')).not.toHaveAttribute('aria-disabled');

    // Neither a click nor Enter picks a closed day: the day and its slots stay.
    await press(day('7. detsember 2026, suletud'));
    act(() => day('8. detsember 2026, suletud').focus());
    await user.keyboard('{Enter} ');
    expect(day('2. detsember 2026, vaba')).toHaveAttribute('aria-selected', 'true');
    expect(api.requests('GET /reservations/by-day')).toHaveLength(1);
    // An open day is picked with the keyboard.
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() =>
      expect(api.requests('GET /reservations/by-day').map((r) => r.query)).toEqual([{ day: '2026-12-02' }, { day: '2026-12-09' }]),
    );
    expect(day('9. detsember 2026, vaba')).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a visitor the slots and the rules, with a sign-in link instead of paying', async () => {
    await open(null);
    expect(screen.getByText('Kardisõidu reeglid')).toBeInTheDocument();
    expect(screen.getByText('Sõitja minimaalne pikkus on 140 cm.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Maksa ja broneeri' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Broneerimiseks logi sisse' })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('/public/raasilla')),
    );
  });
});
