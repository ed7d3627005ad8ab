import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { makeReservation } from '../../../testing/booking-fixtures';
import { MyRentalsPage } from './my-rentals-page';

const session = makeUser({ id: 8 });

describe('MyRentalsPage', () => {
  it('shows present rentals by default and finished ones on the past tab', async () => {
    const u = userEvent.setup();
    const api = mockApi({
      'GET /products/my-rented-products': ({ query }) =>
        (query?.reservationStatuses as string[]).includes('FINISHED')
          ? [
              {
                reservation: makeReservation({ id: 2, status: 'FINISHED', hash: 'pastHASH1234', product: { id: 2, name: 'Vana paat' } }),
                contract: null,
                imageUrl: null,
              },
            ]
          : [
              {
                reservation: makeReservation({ status: 'ACCEPTED' }),
                contract: { id: 90, status: 'PENDING_PAYMENT', startTs: '2030-01-01T08:00:00Z' },
                imageUrl: '/img/telk.jpg',
              },
            ],
    });
    renderWithPlatform(<MyRentalsPage />, { session, route: '/auth/my-rentals' });
    const card = await screen.findByTestId('rental-card');
    expect(within(card).getByText('Matkatelk')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Matkatelk' })).toHaveAttribute('src', '/img/telk.jpg');
    expect(within(card).getByText('Makse ootel')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Ava taotlus' })).toHaveAttribute('href', '/auth/rent-completed?rental=abcdEFGH1234');
    expect(api.requests('GET /products/my-rented-products')[0].query).toEqual({
      reservationStatuses: ['ACCEPTED', 'CAPTURED', 'PENDING_PAYMENT'],
    });

    await u.click(screen.getByRole('tab', { name: 'Lõppenud' }));
    expect(await screen.findByText('Vana paat')).toBeInTheDocument();
    expect(screen.getByText('Lõpetatud')).toBeInTheDocument();
  });

  it('opens the tab named by tabId and says when there is nothing', async () => {
    const api = mockApi({ 'GET /products/my-rented-products': () => [] });
    renderWithPlatform(<MyRentalsPage />, { session, route: '/auth/my-rentals?tabId=past' });
    expect(await screen.findByText('Sul pole tooteid, mida kuvada.')).toBeInTheDocument();
    expect(api.requests('GET /products/my-rented-products')[0].query).toEqual({ reservationStatuses: ['FINISHED'] });
  });
});
