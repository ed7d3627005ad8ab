import { z } from 'shared-kernel/zod';

import type { SessionUser as SessionUserSchema, ContactInfo } from '../schemas';

export type ContactInfoType = z.infer<typeof ContactInfo>['type'];
export type SessionContactInfo = z.infer<typeof ContactInfo>;

/** The signed-in user as `GET /users/session` returns it: the API's own schema. */
export type SessionUser = z.infer<typeof SessionUserSchema>;

/**
 * Deliberately loose: it guards the cross-bundle session event, where a kernel of another version
 * may send a user with more (or newer) fields. Only what every consumer relies on is checked, and
 * unknown fields pass through untouched.
 */
export const sessionUserEventSchema = z.looseObject({
  id: z.number(),
  username: z.string(),
  roles: z.array(z.string()),
});
