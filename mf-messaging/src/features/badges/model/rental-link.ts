import type { UserNotification } from 'shared-kernel/schemas';

/** The rental page of a notification that names a reservation by its hash, or null. */
export function rentalLink(notification: UserNotification): string | null {
  const ref = notification.referenceList.find((r) => r.type === 'RESERVATION_HASH');
  return ref ? `/auth/rent-completed?rental=${encodeURIComponent(String(ref.referenceId))}` : null;
}
