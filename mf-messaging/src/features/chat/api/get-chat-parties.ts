import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { ChatPartyList } from 'shared-kernel/schemas';
import { messagingKeys } from '../../../components/query-keys';

/** The caller's conversations, newest first. */
export function getChatParties(me: number, signal?: AbortSignal): Promise<ChatPartyList> {
  return getApi().get(`/user-messages/user/${me}/user-chats`, { schema: ChatPartyList, signal });
}

export function chatPartiesQueryOptions(me: number) {
  return queryOptions({ queryKey: messagingKeys.parties(me), queryFn: ({ signal }) => getChatParties(me, signal) });
}
