import { mutationOptions } from '@tanstack/react-query';
import { writeMessage } from '../../../components/api/write-message';
import { messagingKeys } from '../../../components/query-keys';

/** The messages page (if it is cached) shows the new message and party once this settles. */
export function sendMessageMutationOptions(me: number, toUserId: number) {
  return mutationOptions({
    mutationFn: (message: string) => writeMessage(me, toUserId, message),
    onSuccess: async (_answer, _vars, _result, { client }) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: messagingKeys.parties(me) }),
        client.invalidateQueries({ queryKey: messagingKeys.thread(me, toUserId) }),
      ]);
    },
  });
}
