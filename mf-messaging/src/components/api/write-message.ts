import { getApi } from 'shared-kernel/api';
import { ChatMessage, type WriteMessageRequest } from 'shared-kernel/schemas';

/** `POST /user-messages/user/{me}/write`; the thread is named by its two users, the caller first. */
export function writeMessage(me: number, toUserId: number, message: string): Promise<ChatMessage> {
  const body: WriteMessageRequest = { message, parentThread: { senderId: me, receiverId: toUserId } };
  return getApi().post(`/user-messages/user/${me}/write`, { body, schema: ChatMessage });
}
