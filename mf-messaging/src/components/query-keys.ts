/**
 * The slice's query keys, shared by the live client and the features. Every key starts with the
 * signed-in user's id so another account in the same tab never sees a cached answer.
 */
export const messagingKeys = {
  all: (me: number) => ['messaging', me] as const,
  unreadCounts: (me: number) => ['messaging', me, 'unread-counts'] as const,
  parties: (me: number) => ['messaging', me, 'parties'] as const,
  threads: (me: number) => ['messaging', me, 'thread'] as const,
  thread: (me: number, partyId: number) => ['messaging', me, 'thread', partyId] as const,
  threadWithLimit: (me: number, partyId: number, limit: number) => ['messaging', me, 'thread', partyId, limit] as const,
  notifications: (me: number) => ['messaging', me, 'notifications'] as const,
};
