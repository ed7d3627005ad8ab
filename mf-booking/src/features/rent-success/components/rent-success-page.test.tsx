import { act, screen } from '@testing-library/react';
import { ApiError } from 'shared-kernel/api';
import type { Reservation } from 'shared-kernel/schemas';
import { makeUser, mockApi, renderWithPlatform, type MockedApi } from 'shared-kernel/testing';
import { RentSuccessPage } from './rent-success-page';

const HASH = 'abcDEF12_-';

function reservation(overrides: Partial<Reservation> = {}): Reservation {
  return {
    id: 77,
    hash: HASH,
    status: 'ACCEPTED',
    startTs: '2026-12-14T06:00:00.000Z',
    endTs: '2026-12-15T06:00:00.000Z',
    hourly: false,
    product: { id: 12, name: 'Respo kastihaagis' },
    user: { id: 50, name: 'Mari', lastName: 'Maasikas' },
    productOwner: { id: 3, name: 'Rendiäri OÜ', lastName: null },
    additionalServices: [],
    additionalServiceCost: 0,
    price: { amount: 10, vat: 2.4, ourFee: 0, additionalServiceCost: 0, total: 12.4, vatRate: 24, tier: 'day', units: 1 },
    createdTs: '2026-12-01T10:00:00.000Z',
    ...overrides,
  };
}

let api: MockedApi;
let answers: Reservation[];

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z') });
  answers = [reservation()];
  api = mockApi({ 'GET /reservations/hash/:hash': () => (answers.length > 1 ? answers.shift()! : answers[0]) });
});
afterEach(() => jest.useRealTimers());

async function open(query: string) {
  renderWithPlatform(<RentSuccessPage />, { route: `/public/rent-success?${query}`, session: makeUser({ id: 50 }) });
  await act(async () => void (await jest.advanceTimersByTimeAsync(0)));
}
const polls = () => api.requests('GET /reservations/hash/:hash').length;

describe('RentSuccessPage', () => {
  it('confirms a paid booking with the product, the period and the contract, by name', async () => {
    await open(`name=Mari%20Maasikas&hash=${HASH}&payment_result=success`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Broneering õnnestus');
    expect(screen.getByText('Aitäh, Mari Maasikas! Sinu broneering on tehtud.')).toBeInTheDocument();
    expect(screen.getByTestId('payment-succeeded')).toHaveTextContent('Maksmine õnnestus');
    expect(screen.getByTestId('success-product')).toHaveTextContent('Respo kastihaagis');
    expect(screen.getByTestId('success-period')).toHaveTextContent('14.12 08:00 – 15.12 08:00');
    expect(screen.getByRole('link', { name: 'Laadi leping alla (PDF)' })).toHaveAttribute(
      'href',
      `/api/reservations/hash/${HASH}/contract/document`,
    );
    expect(screen.getByRole('link', { name: 'Vaata broneeringut' })).toHaveAttribute('href', `/auth/rent-completed?rental=${HASH}`);
    expect(screen.getByRole('link', { name: 'Avalehele' })).toHaveAttribute('href', '/public');
    expect(api.requests('GET /reservations/hash/:hash')[0].path).toBe(`/reservations/hash/${HASH}`);
    expect(document.title).toBe('Broneering õnnestus | Rendime');
  });

  it("says 'Maksmine ebaõnnestus' on a failed payment and leads back to the product", async () => {
    answers = [reservation({ status: 'CANCELLED' })];
    await open(`name=Mari&hash=${HASH}&payment_result=failure`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Maksmine ebaõnnestus');
    expect(screen.getByRole('alert')).toHaveTextContent('Makse jäi tegemata ja broneeritud aeg vabastati.');
    expect(screen.getByRole('link', { name: 'Tagasi toote juurde' })).toHaveAttribute('href', '/public/detail-view/12');
    expect(screen.queryByTestId('booking-confirmation')).toBeNull();
  });

  it('waits for the bank notification while the payment is pending, then shows the booking', async () => {
    answers = [reservation({ status: 'PENDING_PAYMENT' }), reservation({ status: 'PENDING_PAYMENT' }), reservation()];
    await open(`name=Mari&hash=${HASH}&payment_result=success`);
    expect(screen.getByText('Kontrollin makset...')).toBeInTheDocument();
    expect(screen.queryByTestId('booking-confirmation')).toBeNull();
    await act(async () => void (await jest.advanceTimersByTimeAsync(2_000)));
    expect(screen.queryByTestId('booking-confirmation')).toBeNull();
    await act(async () => void (await jest.advanceTimersByTimeAsync(2_000)));
    expect(screen.getByTestId('booking-confirmation')).toBeInTheDocument();
    expect(polls()).toBe(3);
    await act(async () => void (await jest.advanceTimersByTimeAsync(10_000)));
    expect(polls()).toBe(3);
  });

  it('stops asking after about 10 s and says the confirmation is on its way', async () => {
    answers = [reservation({ status: 'PENDING_PAYMENT' })];
    await open(`name=Mari&hash=${HASH}&payment_result=success`);
    await act(async () => void (await jest.advanceTimersByTimeAsync(10_000)));
    expect(screen.getByTestId('payment-pending')).toHaveTextContent('Pank pole makset veel kinnitanud.');
    expect(screen.getByRole('link', { name: 'Lepingud' })).toHaveAttribute('href', '/auth/contracts');
    const asked = polls();
    expect(asked).toBe(5);
    await act(async () => void (await jest.advanceTimersByTimeAsync(10_000)));
    expect(polls()).toBe(asked);
  });

  it('on a bank return still pending (Montonio PENDING/AUTHORIZED) says the payment is under way, not failed, and shows the booking once paid', async () => {
    answers = [reservation({ status: 'PENDING_PAYMENT' }), reservation()];
    await open(`name=Mari&hash=${HASH}&payment_result=pending`);
    expect(screen.getByTestId('payment-bank-pending')).toHaveTextContent(
      'Makse on pooleli: kinnitame broneeringu, kui pank makse kinnitab.',
    );
    expect(screen.queryByText(/broneeritud aeg vabastati/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('Maksmine ebaõnnestus');
    expect(screen.getByRole('link', { name: 'Lepingud' })).toHaveAttribute('href', '/auth/contracts');
    await act(async () => void (await jest.advanceTimersByTimeAsync(2_000)));
    expect(screen.getByTestId('booking-confirmation')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-bank-pending')).toBeNull();
  });

  it('treats a booking released meanwhile as a failed payment', async () => {
    answers = [reservation({ status: 'DECLINED_BY_SYSTEM' })];
    await open(`name=Mari&hash=${HASH}&payment_result=success`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Maksmine ebaõnnestus');
    expect(screen.getByRole('alert')).toHaveTextContent('Broneering on tühistatud, sest makse ei laekunud.');
  });

  it('still thanks the person when the booking cannot be read', async () => {
    api.on({
      'GET /reservations/hash/:hash': () => {
        throw new ApiError({ status: 404, code: 'NOT_FOUND', message: 'no' });
      },
    });
    await open(`name=Mari%20Maasikas&hash=${HASH}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Broneering õnnestus');
    expect(screen.getByText('Aitäh, Mari Maasikas! Sinu broneering on tehtud.')).toBeInTheDocument();
    expect(screen.getByTestId('booking-details-missing')).toBeInTheDocument();
  });

  it('shows a name as text and asks nothing without a valid hash', async () => {
    await open('name=%3Cb%3EX%3C%2Fb%3E&hash=%2F..%2F');
    expect(screen.getByText('Aitäh, <b>X</b>! Sinu broneering on tehtud.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Vaata broneeringut' })).toBeNull();
    expect(polls()).toBe(0);
  });
});
