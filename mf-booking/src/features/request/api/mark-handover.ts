import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Contract } from 'shared-kernel/schemas';
import { refreshBookingViews } from './refresh-booking-views';

/** The renter marks the item received; either party marks it returned. */
export function markHandover({ contractId, step }: { contractId: number; step: 'received' | 'returned' }): Promise<Contract> {
  return getApi().put(`/contracts/${contractId}/${step}`, { schema: Contract, forbiddenAlert: false });
}

export function markHandoverMutationOptions() {
  return mutationOptions({ mutationFn: markHandover, onSuccess: (_answer, _vars, _result, { client }) => refreshBookingViews(client) });
}
