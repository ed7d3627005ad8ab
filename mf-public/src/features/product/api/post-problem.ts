import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { ProblemReport, type NewProblemReport } from 'shared-kernel/schemas';

export function postProblem(body: NewProblemReport): Promise<ProblemReport> {
  // The dialog shows its own failure text for a refusal.
  return getApi().post('/feedback/problem', { body, schema: ProblemReport, forbiddenAlert: false });
}

/** A complaint changes nothing the product page shows. */
export function postProblemMutationOptions() {
  return mutationOptions({ mutationFn: postProblem });
}
