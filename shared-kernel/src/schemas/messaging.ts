import { z } from 'shared-kernel/zod';

// Messaging and notifications (issue 13; owner-and-account-area.md 3 and 7).

const MAX_ID = 2147483647;
const IdParamValue = z.coerce.number().int().positive().max(MAX_ID);

/** Spec 5: text required; ours: at most 2000 characters. */
export const MESSAGE_MAX = 2000;

/** `/user-messages/user/{id}/…`: `{id}` must be the caller. */
export const MessagingUserParams = z.object({ id: IdParamValue });
export const MessagingPartyParams = z.object({ id: IdParamValue, partyId: IdParamValue });
export const NotificationUserParams = z.object({ userId: IdParamValue });

/** A conversation as one party sees it (spec 3, party view). */
export const ChatParty = z.object({
  /** The thread id. */
  id: z.number().int(),
  /** The other user. */
  partyId: z.number().int(),
  otherPartyName: z.string(),
  /** Whether the caller has seen the latest message. */
  seen: z.boolean(),
  lastMessageTs: z.string().nullable(),
});
export type ChatParty = z.infer<typeof ChatParty>;
export const ChatPartyList = z.array(ChatParty);
export type ChatPartyList = z.infer<typeof ChatPartyList>;

export const ThreadPair = z.object({ senderId: z.number().int(), receiverId: z.number().int() });

/** Spec 3 "Message". */
export const ChatMessage = z.object({
  id: z.number().int(),
  message: z.string(),
  userId: z.number().int(),
  isMine: z.boolean(),
  createdTs: z.string(),
  parentThread: ThreadPair,
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** `GET /user-messages/between-users/user/{id}/party/{partyId}?limit=`: the last 6 by default, 100 for the whole history. */
export const BetweenUsersQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(6) });
export type BetweenUsersQuery = z.infer<typeof BetweenUsersQuery>;

/** Oldest first; `total` tells whether 'Lae kogu ajalugu' has more to show. */
export const ChatHistory = z.object({
  threadId: z.number().int().nullable(),
  otherPartyName: z.string(),
  messages: z.array(ChatMessage),
  total: z.number().int(),
});
export type ChatHistory = z.infer<typeof ChatHistory>;

// Control characters (NUL and friends) are refused; newline (\n, \r) and tab are text.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** `POST /user-messages/user/{id}/write` (spec 7). */
export const WriteMessageRequest = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Kohustuslik')
    .max(MESSAGE_MAX)
    .refine((s) => !CONTROL_CHARACTERS.test(s), 'Sõnumis on lubamatuid märke.'),
  parentThread: ThreadPair,
});
export type WriteMessageRequest = z.infer<typeof WriteMessageRequest>;

export const NotificationType = z.enum([
  'NEW_COMMENT_ON_PRODUCT',
  'PRODUCT_RENTAL_REQUEST',
  'PRODUCT_RENTAL_REQUEST_APPROVED',
  'PRODUCT_RENTAL_UPDATE',
  'CUSTOMER_REGISTRATION',
  'FEEDBACK',
  // Issue 32 (ours): a saved product's day price dropped.
  'SAVED_PRODUCT_PRICE_DROP',
]);
export type NotificationType = z.infer<typeof NotificationType>;

/** Spec 3 "Notification". */
export const UserNotification = z.object({
  id: z.number().int(),
  type: NotificationType,
  message: z.string(),
  referenceList: z.array(z.object({ type: z.string(), referenceId: z.union([z.number(), z.string()]) })),
  createdTs: z.string(),
  read: z.boolean(),
});
export type UserNotification = z.infer<typeof UserNotification>;
export const UserNotificationList = z.array(UserNotification);
export type UserNotificationList = z.infer<typeof UserNotificationList>;

/** The unread counts the top bar shows: unread threads and unread notifications. */
export const UnreadCounts = z.object({ messages: z.number().int().min(0), notifications: z.number().int().min(0) });
export type UnreadCounts = z.infer<typeof UnreadCounts>;

/**
 * One event of the live stream (`GET /live/events`, text/event-stream, one per signed-in tab):
 * `counts` whenever the caller's unread counts may have changed (and once on connect), `message`
 * when a message reaches one of the caller's threads.
 */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('counts'), counts: UnreadCounts }),
  z.object({ type: z.literal('message'), threadId: z.number().int(), fromUserId: z.number().int() }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;

/** Spec 9: counts are polled every 45 s when the live stream is not available. */
export const UNREAD_POLL_MS = 45_000;
