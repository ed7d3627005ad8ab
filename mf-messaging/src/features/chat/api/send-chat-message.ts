import { mutationOptions } from '@tanstack/react-query';
import type { ChatHistory, ChatMessage } from 'shared-kernel/schemas';
import { writeMessage } from '../../../components/api/write-message';
import { messagingKeys } from '../../../components/query-keys';

let nextTempId = -1;

/**
 * Spec: a sent message is appended at once. The open thread's cached history gets a stand-in
 * (negative id) before the request; a failure puts the history back as it was.
 */
export function sendChatMessageMutationOptions(me: number, partyId: number, limit: number) {
  const key = messagingKeys.threadWithLimit(me, partyId, limit);
  return mutationOptions({
    mutationFn: (message: string) => writeMessage(me, partyId, message),
    onMutate: async (message, { client }) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<ChatHistory>(key);
      const draft: ChatMessage = {
        id: nextTempId--,
        message,
        userId: me,
        isMine: true,
        createdTs: new Date().toISOString(),
        parentThread: { senderId: me, receiverId: partyId },
      };
      if (previous)
        client.setQueryData<ChatHistory>(key, { ...previous, messages: [...previous.messages, draft], total: previous.total + 1 });
      return { previous };
    },
    onError: (_error, _message, context, { client }) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSettled: async (_answer, _error, _message, _context, { client }) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: messagingKeys.thread(me, partyId) }),
        client.invalidateQueries({ queryKey: messagingKeys.parties(me) }),
      ]);
    },
  });
}
