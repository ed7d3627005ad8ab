import { screen } from '@testing-library/react';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { makeReservation } from '../../../testing/booking-fixtures';
import { ReservationsPage } from './reservations-page';

describe('ReservationsPage', () => {
  it("lists the pending requests on the owner's products, each linking to its request page", async () => {
    const api = mockApi({ 'GET /reservations': () => [makeReservation()] });
    renderWithPlatform(<ReservationsPage />, { session: makeUser({ id: 7 }), route: '/auth/reservations?tabId=pending' });
    expect(await screen.findByText('Matkatelk')).toBeInTheDocument();
    expect(screen.getByText('Kinnitamata', { selector: '[data-status]' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ava taotlus' })).toHaveAttribute('href', '/auth/rent-completed?rental=abcdEFGH1234');
    expect(api.requests('GET /reservations')[0].query).toEqual({ as: 'owner', statuses: ['REQUESTED'] });
  });

  it('says when there are none', async () => {
    mockApi({ 'GET /reservations': () => [] });
    renderWithPlatform(<ReservationsPage />, { session: makeUser({ id: 7 }), route: '/auth/reservations' });
    expect(await screen.findByText('Sul pole ühtegi pooleli olevat toote broneeringut, mida kuvada.')).toBeInTheDocument();
  });
});
