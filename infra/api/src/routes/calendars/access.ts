import type { FastifyRequest } from 'fastify';
import { ROLES } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { ApiError } from '../../lib/api-error';
import { requireUser } from '../../plugins/session';
import type { UserRow } from '../../repositories/user-repository';
import type { CalendarRepository } from '../../repositories/calendar-repository';

/** The owner's calendar tools, like the other owner tools, need a verified identity; signed out is 401 first. */
export function requireCalendarOwner(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.roles.includes(ROLES.needsId)) {
    throw new ApiError(403, 'FORBIDDEN', messages.errors.calendar.needsVerification, ['IDENTITY_NOT_VERIFIED']);
  }
  return user;
}

/** The caller's own product; anyone else's (or a missing one) answers as missing, so ids cannot be probed. */
export async function requireOwnProduct(
  repo: CalendarRepository,
  ownerId: number,
  productId: number,
): Promise<{ id: number; name: string }> {
  const product = await repo.ownedProduct(ownerId, productId);
  if (!product) throw new ApiError(404, 'NOT_FOUND', messages.errors.api.productNotFound);
  return product;
}
