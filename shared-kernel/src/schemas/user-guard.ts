import { bool, euros, guardOf, list, nullable, num, obj, oneOf, str } from '../guards/checks';
import type { SessionResponse } from './user';

// `SessionResponse` without zod: the session store reads `GET /users/session` on every first paint,
// before any page needs zod (issue 28). user-guard.test.ts holds it equal to the schema in user.ts.

const ContactInfo = obj({ id: num({ int: true }), type: oneOf(['PHONE', 'EMAIL', 'ADDRESS']), value: str(), prime: bool });

const SessionUser = obj({
  id: num({ int: true }),
  username: str(),
  name: str(),
  lastName: nullable(str()),
  type: oneOf(['B2B', 'B2C']),
  isB2b: bool,
  allowVat: bool,
  allowEmail: bool,
  accountNr: nullable(str()),
  accountBalance: euros,
  contactInfos: list(ContactInfo),
  roles: list(str()),
});

/** `GET /users/session`: the signed-in user, or null for an anonymous visitor. */
export const SessionResponseGuard = guardOf<SessionResponse>(nullable(SessionUser));
