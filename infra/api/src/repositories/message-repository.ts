import { withTransaction } from '../db/transaction';
import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { ChatHistory, ChatMessage, ChatParty, UnreadCounts } from 'shared-kernel/schemas';
import { queryRows, type Db } from '../db/database';
import { messages, messageThreads, users } from '../db/schema';

type ThreadRow = typeof messageThreads.$inferSelect;

/** How the other party is named in the message list: a company by its name, a person in full. */
export function chatName(user: { type: string; name: string; lastName: string | null }): string {
  if (user.type === 'B2B') return user.name;
  return [user.name, user.lastName].filter((p) => p && p.trim() !== '').join(' ');
}

const pairOf = (a: number, b: number) =>
  or(
    and(eq(messageThreads.senderId, a), eq(messageThreads.receiverId, b)),
    and(eq(messageThreads.senderId, b), eq(messageThreads.receiverId, a)),
  );

/** Threads between two users and their messages. Callers have already checked that `userId` is the caller. */
export class MessageRepository {
  constructor(private readonly db: Db) {}

  async partyName(userId: number): Promise<string | null> {
    const [u] = await this.db
      .select({ type: users.type, name: users.name, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return u ? chatName(u) : null;
  }

  /** The caller's threads, the one with the newest message first. */
  async listParties(userId: number): Promise<ChatParty[]> {
    const rows = await this.db
      .select({
        t: messageThreads,
        type: users.type,
        name: users.name,
        lastName: users.lastName,
        lastTs: sql<
          Date | string | null
        >`(select max(${messages.createdTs}) from ${messages} where ${messages.threadId} = ${messageThreads.id})`,
      })
      .from(messageThreads)
      .innerJoin(
        users,
        sql`${users.id} = case when ${messageThreads.senderId} = ${userId} then ${messageThreads.receiverId} else ${messageThreads.senderId} end`,
      )
      .where(or(eq(messageThreads.senderId, userId), eq(messageThreads.receiverId, userId)))
      .orderBy(desc(messageThreads.updatedTs), desc(messageThreads.id));
    return rows.map(({ t, lastTs, ...other }) => ({
      id: t.id,
      partyId: t.senderId === userId ? t.receiverId : t.senderId,
      otherPartyName: chatName(other),
      seen: seenBy(t, userId),
      lastMessageTs: lastTs === null ? null : new Date(lastTs).toISOString(),
    }));
  }

  /** Both numbers of the top bar in one round trip. */
  async unreadCounts(userId: number): Promise<UnreadCounts> {
    const [row] = await queryRows<{ messages: number; notifications: number }>(
      this.db,
      sql`select
        (select count(*)::int from message_threads where (sender_id = ${userId} and not seen_by_sender) or (receiver_id = ${userId} and not seen_by_receiver)) as messages,
        (select count(*)::int from notifications where user_id = ${userId} and not read) as notifications`,
    );
    return { messages: Number(row.messages), notifications: Number(row.notifications) };
  }

  /** The last `limit` messages between the two, oldest first; null when the party does not exist. */
  async history(userId: number, partyId: number, limit: number): Promise<ChatHistory | null> {
    const otherPartyName = await this.partyName(partyId);
    if (otherPartyName === null) return null;
    const [thread] = await this.db.select().from(messageThreads).where(pairOf(userId, partyId)).limit(1);
    if (!thread) return { threadId: null, otherPartyName, messages: [], total: 0 };
    const [{ n }] = await this.db.select({ n: count() }).from(messages).where(eq(messages.threadId, thread.id));
    const rows = await this.db
      .select()
      .from(messages)
      .where(eq(messages.threadId, thread.id))
      .orderBy(desc(messages.createdTs), desc(messages.id))
      .limit(limit);
    return { threadId: thread.id, otherPartyName, messages: rows.reverse().map((m) => toChatMessage(m, thread, userId)), total: Number(n) };
  }

  /** Marks the pair's thread seen for the caller; false when there is no such thread. */
  async markSeen(userId: number, partyId: number): Promise<boolean> {
    const [thread] = await this.db.select().from(messageThreads).where(pairOf(userId, partyId)).limit(1);
    if (!thread) return false;
    const column = thread.senderId === userId ? { seenBySender: true } : { seenByReceiver: true };
    // Only when it changes, so an open thread re-marked on every poll does not wake the streams.
    if (!seenBy(thread, userId)) await this.db.update(messageThreads).set(column).where(eq(messageThreads.id, thread.id));
    return true;
  }

  /**
   * Spec 4 "Polling": opening the message list marks the caller's threads read, so the unread count
   * drops to 0. Only rows that change are written, so the live streams wake once.
   */
  async markAllSeen(userId: number): Promise<void> {
    await this.db
      .update(messageThreads)
      .set({ seenBySender: true })
      .where(and(eq(messageThreads.senderId, userId), eq(messageThreads.seenBySender, false)));
    await this.db
      .update(messageThreads)
      .set({ seenByReceiver: true })
      .where(and(eq(messageThreads.receiverId, userId), eq(messageThreads.seenByReceiver, false)));
  }

  /**
   * One message from the writer to the receiver: the pair's one thread (created on the first
   * message, whoever writes it), unseen for the receiver and seen for the writer.
   */
  async write(writerId: number, receiverId: number, text: string, now: Date): Promise<ChatMessage> {
    return withTransaction(this.db, async (tx) => {
      // The pair's unique index decides between two first messages racing.
      const [t] = await queryRows<{ id: number; sender_id: number; receiver_id: number }>(
        tx as unknown as Db,
        sql`insert into message_threads (sender_id, receiver_id, seen_by_sender, seen_by_receiver, created_ts, updated_ts)
            values (${writerId}, ${receiverId}, true, false, ${now.toISOString()}, ${now.toISOString()})
            on conflict ((least(sender_id, receiver_id)), (greatest(sender_id, receiver_id))) do update
              set seen_by_sender = message_threads.sender_id = ${writerId},
                  seen_by_receiver = message_threads.receiver_id = ${writerId},
                  updated_ts = excluded.updated_ts
            returning id, sender_id, receiver_id`,
      );
      const thread = { id: Number(t.id), senderId: Number(t.sender_id), receiverId: Number(t.receiver_id) };
      const [row] = await tx.insert(messages).values({ threadId: thread.id, userId: writerId, message: text, createdTs: now }).returning();
      return toChatMessage(row, thread, writerId);
    });
  }

  /** The newest message id in the user's threads (0 without any): where a new live stream starts. */
  async latestMessageId(userId: number): Promise<number> {
    const [row] = await queryRows<{ id: number | null }>(
      this.db,
      sql`select max(m.id)::int as id from messages m join message_threads t on t.id = m.thread_id where t.sender_id = ${userId} or t.receiver_id = ${userId}`,
    );
    return Number(row?.id ?? 0);
  }

  /**
   * The messages in the user's threads after `afterId`, oldest first, at most `limit`: what a live
   * stream missed while it or the instance's LISTEN connection was away.
   */
  async messagesSince(userId: number, afterId: number, limit: number): Promise<{ id: number; threadId: number; fromUserId: number }[]> {
    const rows = await queryRows<{ id: number; thread_id: number; user_id: number }>(
      this.db,
      sql`select m.id, m.thread_id, m.user_id from messages m join message_threads t on t.id = m.thread_id
          where (t.sender_id = ${userId} or t.receiver_id = ${userId}) and m.id > ${afterId}
          order by m.id limit ${limit}`,
    );
    return rows.map((r) => ({ id: Number(r.id), threadId: Number(r.thread_id), fromUserId: Number(r.user_id) }));
  }

  /** Oldest first, for tests and exports. */
  async threadMessages(threadId: number): Promise<(typeof messages.$inferSelect)[]> {
    return this.db.select().from(messages).where(eq(messages.threadId, threadId)).orderBy(asc(messages.createdTs), asc(messages.id));
  }
}

function seenBy(t: Pick<ThreadRow, 'senderId' | 'seenBySender' | 'seenByReceiver'>, userId: number): boolean {
  return t.senderId === userId ? t.seenBySender : t.seenByReceiver;
}

function toChatMessage(m: typeof messages.$inferSelect, thread: { senderId: number; receiverId: number }, viewerId: number): ChatMessage {
  return {
    id: m.id,
    message: m.message,
    userId: m.userId,
    isMine: m.userId === viewerId,
    createdTs: m.createdTs.toISOString(),
    parentThread: { senderId: thread.senderId, receiverId: thread.receiverId },
  };
}
