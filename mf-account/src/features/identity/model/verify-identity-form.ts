import { z } from 'shared-kernel/zod';
import { RequiredPersonalCode, RequiredText } from 'shared-kernel/schemas';

/** /auth/verify-identity: the names and the personal code the verification is for. */
export const VerifyIdentityForm = z.object({ firstName: RequiredText, lastName: RequiredText, personalCode: RequiredPersonalCode });
export type VerifyIdentityValues = z.input<typeof VerifyIdentityForm>;
