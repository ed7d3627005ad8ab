import { on } from 'shared-kernel/events';
import { getPlatformQueryClient } from 'shared-kernel/platform';
import { accountQueryKey } from './get-account-summary';

/**
 * A reservation that mf-booking created, accepted, declined or settled changes what this slice
 * shows: the profile's open-request and ongoing-rental counts and the wallet (a hold or a payment).
 * Marking them stale here means a user who comes back to the profile or the account within the
 * cache's 30 s sees the new figures, not the ones from before the change.
 */
export function followReservationChanges(): () => void {
  return on('reservation-changed', () => {
    const client = getPlatformQueryClient();
    void client.invalidateQueries({ queryKey: ['profile'] });
    void client.invalidateQueries({ queryKey: accountQueryKey });
  });
}
