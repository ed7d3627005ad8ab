import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { ChatHistory } from 'shared-kernel/schemas';
import { messagingKeys } from '../../../components/query-keys';

/** Spec: a thread shows its last 6 messages; 'Lae kogu ajalugu' asks for the last 100. */

/** The last `limit` messages with one party, oldest first. */
export function getChatHistory(me: number, partyId: number, limit: number, signal?: AbortSignal): Promise<ChatHistory> {
  return getApi().get(`/user-messages/between-users/user/${me}/party/${partyId}`, { query: { limit }, schema: ChatHistory, signal });
}

export function chatHistoryQueryOptions(me: number, partyId: number, limit: number) {
  return queryOptions({
    queryKey: messagingKeys.threadWithLimit(me, partyId, limit),
    queryFn: ({ signal }) => getChatHistory(me, partyId, limit, signal),
    // 'Lae kogu ajalugu' keeps the 6 on screen until the 100 arrive (a thread is keyed by party, so
    // this never shows another party's messages).
    placeholderData: (previous) => previous,
  });
}
