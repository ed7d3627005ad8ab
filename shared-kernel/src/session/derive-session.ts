import { ROLES } from '../domain/constants';
import type { SessionUser } from './session-user';

export interface DerivedSession {
  roles: readonly string[];
  isAdmin: boolean;
  /** Only ROLE_ADMIN and ROLE_USER may book. */
  canBook: boolean;
  /** A private user who must verify identity (ROLE_USER_B2C_NEED_ID). */
  needsVerification: boolean;
  isLimited: boolean;
  isBusiness: boolean;
  /** First two letters of the username in capitals (the avatar). */
  initials: string;
  displayName: string;
}

const ANONYMOUS: DerivedSession = Object.freeze({
  roles: Object.freeze([]) as readonly string[],
  isAdmin: false,
  canBook: false,
  needsVerification: false,
  isLimited: false,
  isBusiness: false,
  initials: '',
  displayName: '',
});

// Cached per user object so `useSession((s) => deriveSession(s.user))` returns a stable value.
const cache = new WeakMap<SessionUser, DerivedSession>();

/** Everything the UI derives from the user, computed in this one place. */
export function deriveSession(user: SessionUser | null | undefined): DerivedSession {
  if (!user) return ANONYMOUS;
  const cached = cache.get(user);
  if (cached) return cached;
  const roles = user.roles ?? [];
  const has = (role: string) => roles.includes(role);
  const fullName = [user.name, user.lastName]
    .filter((part) => part && part.trim() !== '')
    .join(' ')
    .trim();
  const derived: DerivedSession = {
    roles,
    isAdmin: has(ROLES.admin),
    // A limited user (payment defaults) books within the terms' debtor limit, which the server checks (ADR 0043).
    canBook: has(ROLES.admin) || has(ROLES.user) || has(ROLES.limited),
    needsVerification: has(ROLES.needsId),
    isLimited: has(ROLES.limited),
    isBusiness: user.type === 'B2B',
    initials: Array.from(user.username ?? '')
      .slice(0, 2)
      .join('')
      .toUpperCase(),
    displayName: fullName || user.username || '',
  };
  cache.set(user, derived);
  return derived;
}
