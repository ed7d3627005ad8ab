import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import { IdParam, OWNER_LIMITS, OwnerProduct, ProductImageOrder, ProductImageParams } from 'shared-kernel/schemas';
import { z } from 'zod';
import { ApiError, notFound } from '../../lib/api-error';
import { requireUser } from '../../plugins/session';
import type { ImageRow } from '../../repositories/product-image-repository';
import { responses } from '../../schemas/responses';
import { writeCoverFor } from '../../services/images';
import { isUploadOf } from '../../services/storage';
import { assertMayManageProducts, ownerProduct } from './access';

/**
 * `ProductImageOrder` with room past 4, so a fifth image is refused as TOO_MANY_IMAGES with the
 * spec's text instead of a generic validation error.
 */
const ImageOrderBody = z
  .array(ProductImageOrder.element)
  .min(1)
  .max(OWNER_LIMITS.imagesMax * 5);

const tooManyImages = () => new ApiError(400, 'TOO_MANY_IMAGES', messages.validation.maxImages);
const unknownImage = (name: string) => new ApiError(400, 'VALIDATION_ERROR', `${messages.errors.images.unknownImage} (${name})`);

export const productImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const images = app.productImageRepository;

  app.put(
    '/products/:id/images',
    { schema: { params: IdParam, body: ImageOrderBody, response: responses({ 200: OwnerProduct }) } },
    async (request) => {
      const user = requireUser(request);
      assertMayManageProducts(user);
      const productId = request.params.id;
      if (request.body.length > OWNER_LIMITS.imagesMax) throw tooManyImages();
      const names = request.body
        .map((entry, index) => ({ ...entry, index }))
        .sort((a, b) => a.order - b.order || a.index - b.index)
        .map((entry) => entry.fileName);
      if (new Set(names).size !== names.length) throw new ApiError(400, 'VALIDATION_ERROR', 'An image is listed twice');

      // A name is the product's own image already, or the caller's upload that exists.
      const check = async (current: ImageRow[]) => {
        const own = new Set(current.map((row) => row.fileName));
        for (const name of names) {
          if (own.has(name)) continue;
          if (!isUploadOf(user.id, name) || !(await app.fileStorage.exists(name))) throw unknownImage(name);
        }
      };
      const before = await images.ownedImages(productId, user.id);
      if (!before) throw notFound(messages.errors.api.productNotFound);
      // Checked before the cover copy is written, so a refused list leaves no file behind; checked
      // again under the lock, where it counts.
      await check(before);
      const cover = await writeCoverFor(app.fileStorage, names[0]);
      await images.replace(productId, user.id, names, check, cover ? { from: names[0], to: cover } : undefined);
      return ownerProduct(app, productId);
    },
  );

  app.delete(
    '/products/:id/image/:imageId',
    { schema: { params: ProductImageParams, response: responses({ 200: OwnerProduct }) } },
    async (request) => {
      const user = requireUser(request);
      assertMayManageProducts(user);
      const { id: productId, imageId } = request.params;
      const before = await images.ownedImages(productId, user.id);
      if (!before) throw notFound(messages.errors.api.productNotFound);
      // Deleting the cover makes the next image the cover: prepare its copy outside the lock.
      let cover: { expectedNext: string; to: string } | undefined;
      if (before.length > 1 && before[0].id === imageId) {
        const to = await writeCoverFor(app.fileStorage, before[1].fileName);
        if (to) cover = { expectedNext: before[1].fileName, to };
      }
      await images.deleteImage(productId, user.id, imageId, cover);
      return ownerProduct(app, productId);
    },
  );
};
