import { emit } from 'shared-kernel/events';
import { getPlatformQueryClient } from 'shared-kernel/platform';
import { followReservationChanges } from './follow-reservation-changes';

describe('followReservationChanges', () => {
  it("marks the profile's counts and the wallet stale when mf-booking changes a reservation", () => {
    const client = getPlatformQueryClient();
    client.setQueryData(['profile', 'open-requests'], 2);
    client.setQueryData(['account', 'history', 5], []);
    client.setQueryData(['categories'], []);
    const stop = followReservationChanges();
    emit('reservation-changed', { reservationId: 7, status: 'ACCEPTED' });
    stop();
    expect(client.getQueryState(['profile', 'open-requests'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['account', 'history', 5])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['categories'])?.isInvalidated).toBe(false);
  });
});
