import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import type { PayoutSelection } from 'shared-kernel/schemas';
import { auditLogQueryKey } from './get-audit-log';
import { payoutsQueryKey } from './get-payouts';

/** The chosen withdrawals as a pain.001 SEPA file (its XML text). */
export function exportPayouts(selection: PayoutSelection): Promise<string> {
  return getApi().post('/admin/payouts/export', { body: selection, responseType: 'text' });
}

export function exportPayoutsMutationOptions() {
  return mutationOptions({
    mutationFn: exportPayouts,
    onSettled: async (_answer, _error, _vars, _result, { client }) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: payoutsQueryKey }),
        client.invalidateQueries({ queryKey: auditLogQueryKey }),
      ]);
    },
  });
}
