import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { MarkPaidAnswer, type PayoutSelection } from 'shared-kernel/schemas';
import { auditLogQueryKey } from './get-audit-log';
import { payoutsQueryKey } from './get-payouts';

/** The bank has paid the chosen withdrawals: they become paid in the users' histories. */
export function markPayoutsPaid(selection: PayoutSelection): Promise<MarkPaidAnswer> {
  return getApi().put('/admin/payouts/mark-paid', { body: selection, schema: MarkPaidAnswer });
}

export function markPayoutsPaidMutationOptions() {
  return mutationOptions({
    mutationFn: markPayoutsPaid,
    onSettled: async (_answer, _error, _vars, _result, { client }) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: payoutsQueryKey }),
        client.invalidateQueries({ queryKey: auditLogQueryKey }),
      ]);
    },
  });
}
