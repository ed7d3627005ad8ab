import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { DisputeDecisionAnswer, type DisputeDecision } from 'shared-kernel/schemas';
import { auditLogQueryKey } from './get-audit-log';
import { disputesQueryKey } from './get-disputes';

/** The operator's decision: penalty and refund in cents, and the reason. */
export function decideDispute({ id, decision }: { id: number; decision: DisputeDecision }): Promise<DisputeDecisionAnswer> {
  return getApi().put(`/admin/disputes/${id}/decide`, { body: decision, schema: DisputeDecisionAnswer });
}

export function decideDisputeMutationOptions() {
  return mutationOptions({
    mutationFn: decideDispute,
    onSettled: async (_answer, _error, _vars, _result, { client }) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: disputesQueryKey }),
        client.invalidateQueries({ queryKey: auditLogQueryKey }),
      ]);
    },
  });
}
