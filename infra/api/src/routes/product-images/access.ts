import type { FastifyInstance } from 'fastify';
import { ROLES } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import type { OwnerProduct } from 'shared-kernel/schemas';
import { ApiError, notFound } from '../../lib/api-error';
import type { UserRow } from '../../repositories/user-repository';

/** Spec 6: a private user who has to verify identity is blocked from adding products (and their images). */
export function assertMayManageProducts(user: UserRow): void {
  if (user.roles.includes(ROLES.needsId)) {
    throw new ApiError(403, 'FORBIDDEN', messages.errors.images.identityRequired, ['IDENTITY_NOT_VERIFIED']);
  }
}

/** The product as its owner sees it after an image change: the owner tools' one read, fresh. */
export async function ownerProduct(app: FastifyInstance, productId: number): Promise<OwnerProduct> {
  const product = await app.ownerProductRepository.ownerProduct(productId, app.clock.now());
  if (!product) throw notFound(messages.errors.api.productNotFound);
  return product;
}
