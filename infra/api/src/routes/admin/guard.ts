import type { FastifyRequest } from 'fastify';
import { ROLES } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { ApiError } from '../../lib/api-error';
import { requireUser } from '../../plugins/session';
import type { UserRow } from '../../repositories/user-repository';

/** Every /admin call: signed in (401 otherwise) with ROLE_ADMIN (403 otherwise, the kernel's refusal text). */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.roles.includes(ROLES.admin)) throw new ApiError(403, 'FORBIDDEN', messages.common.forbidden);
  return user;
}
