import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { ProblemReport, type NewProblemReport } from 'shared-kernel/schemas';

/** The owner's complaint about a rental. */
export function postProblem(body: NewProblemReport): Promise<ProblemReport> {
  return getApi().post('/feedback/problem', { body, schema: ProblemReport, forbiddenAlert: false });
}

export function postProblemMutationOptions() {
  return mutationOptions({ mutationFn: postProblem });
}
