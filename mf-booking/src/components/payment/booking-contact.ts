import type { SessionUser } from 'shared-kernel/session';

/** The name a booking form starts with: the signed-in user's full name. */
export function contactName(user: SessionUser | null | undefined): string {
  if (!user) return '';
  return [user.name, user.lastName].filter((part) => part && part.trim() !== '').join(' ');
}

/** The phone a booking form starts with: the prime phone of the profile, else its first phone. */
export function contactPhone(user: SessionUser | null | undefined): string {
  const phones = (user?.contactInfos ?? []).filter((c) => c.type === 'PHONE');
  return (phones.find((c) => c.prime) ?? phones[0])?.value ?? '';
}
