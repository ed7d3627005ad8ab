import { and, count, desc, eq } from 'drizzle-orm';
import type { NotificationType, UserNotification } from 'shared-kernel/schemas';
import type { Db } from '../db/database';
import { withTransaction } from '../db/transaction';
import { notifications, products, users } from '../db/schema';
import { enqueueMail } from './outbox';

/** The spec shows the newest notifications in the menu; older ones are not listed. */
export const NOTIFICATION_LIST_MAX = 100;

export interface NewNotification {
  userId: number;
  type: NotificationType;
  message: string;
  referenceList?: { type: string; referenceId: number | string }[];
}

export class NotificationRepository {
  constructor(private readonly db: Db) {}

  async list(userId: number): Promise<UserNotification[]> {
    const rows = await this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdTs), desc(notifications.id))
      .limit(NOTIFICATION_LIST_MAX);
    return rows.map((n) => ({
      id: n.id,
      type: n.type,
      message: n.message,
      referenceList: n.referenceList,
      createdTs: n.createdTs.toISOString(),
      read: n.read,
    }));
  }

  async countUnread(userId: number): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
    return Number(n);
  }

  async markAllRead(userId: number): Promise<void> {
    await this.db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  }

  async add(input: NewNotification, now: Date): Promise<void> {
    await this.db.insert(notifications).values({ ...input, referenceList: input.referenceList ?? [], createdTs: now });
  }

  /**
   * Records the notification and, in the same transaction, its mail copy (the outbox), which is
   * sent if the user allows mail when it goes out; `path` is the site page the mail links to.
   */
  async addWithMail(input: NewNotification, now: Date, path: string): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      await tx.insert(notifications).values({ ...input, referenceList: input.referenceList ?? [], createdTs: now });
      await enqueueMail(tx, { kind: 'notification', userId: input.userId, message: input.message, path }, now);
    });
  }

  /** A product's owner and name, for notices about the product; null when it does not exist. */
  async productOwner(productId: number): Promise<{ ownerId: number; product: string } | null> {
    const [row] = await this.db
      .select({ ownerId: products.userId, product: products.name })
      .from(products)
      .where(eq(products.id, productId))
      .limit(1);
    return row ?? null;
  }

  /** Where a mail copy goes: the user's address when they allow mail, otherwise null. */
  async mailAddress(userId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ username: users.username, allowEmail: users.allowEmail })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row?.allowEmail ? row.username : null;
  }
}
