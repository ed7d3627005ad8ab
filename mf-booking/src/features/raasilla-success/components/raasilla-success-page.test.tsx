import { act, screen } from '@testing-library/react';
import type { Reservation } from 'shared-kernel/schemas';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { RaasillaSuccessPage } from './raasilla-success-page';

const HASH = 'kart1234abcd';

const booking: Reservation = {
  id: 90,
  hash: HASH,
  status: 'ACCEPTED',
  startTs: '2026-12-01T11:00:00.000Z',
  endTs: '2026-12-01T11:40:00.000Z',
  hourly: true,
  product: { id: 229, name: 'Rääsilla kardirada' },
  user: { id: 50, name: 'Mari', lastName: 'Maasikas' },
  productOwner: { id: 9, name: 'Kardirada OÜ', lastName: null },
  additionalServices: [],
  additionalServiceCost: 0,
  price: { amount: 120, vat: 0, ourFee: 0, additionalServiceCost: 0, total: 120, vatRate: 0, tier: 'hour', units: 1 },
  createdTs: '2026-12-01T10:00:00.000Z',
  gokart: { day: '2026-12-01', slots: ['13:00', '13:20'], riders: ['Mari', 'Jüri', 'Kati'] },
};

beforeEach(() => jest.useFakeTimers({ now: new Date('2026-12-01T10:05:00Z') }));
afterEach(() => jest.useRealTimers());

async function open(query: string) {
  mockApi({ 'GET /reservations/hash/:hash': () => booking });
  renderWithPlatform(<RaasillaSuccessPage />, { route: `/public/raasilla-success?${query}`, session: makeUser({ id: 50 }) });
  await act(async () => void (await jest.advanceTimersByTimeAsync(0)));
}

describe('RaasillaSuccessPage', () => {
  it('confirms the go-kart booking with its slots and riders', async () => {
    await open(`name=Mari%20Maasikas&hash=${HASH}&payment_result=success`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Kardisõit broneeritud');
    expect(screen.getByTestId('success-slots')).toHaveTextContent('13:00, 13:20');
    expect(screen.getByTestId('success-riders')).toHaveTextContent('Mari, Jüri, Kati');
    expect(screen.getByRole('link', { name: 'Laadi leping alla (PDF)' })).toHaveAttribute(
      'href',
      `/api/reservations/hash/${HASH}/contract/document`,
    );
  });

  it('leads back to the track after a failed payment', async () => {
    await open(`name=Mari&hash=${HASH}&payment_result=failure`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Maksmine ebaõnnestus');
    expect(screen.getByRole('link', { name: 'Tagasi toote juurde' })).toHaveAttribute('href', '/public/raasilla');
  });
});
