import type { QueryClient } from '@tanstack/react-query';
import { z } from 'shared-kernel/zod';
import { emit } from 'shared-kernel/events';
import type { UnreadCounts } from 'shared-kernel/schemas';
import { messagingKeys } from '../query-keys';

/** The answer of the mark-read calls. */
export const OkAnswer = z.object({ ok: z.literal(true) });

/**
 * After a mark-read call: that count is 0 at once, in the top bar and in every listener of the bus.
 * Counts not asked yet are asked now instead (so the other count is not guessed as 0).
 */
export async function clearUnreadCount(client: QueryClient, me: number, which: keyof UnreadCounts): Promise<void> {
  const before = client.getQueryData<UnreadCounts>(messagingKeys.unreadCounts(me));
  if (!before) return client.invalidateQueries({ queryKey: messagingKeys.unreadCounts(me) });
  const counts = { ...before, [which]: 0 };
  client.setQueryData(messagingKeys.unreadCounts(me), counts);
  emit('unread-counts-changed', counts);
}
