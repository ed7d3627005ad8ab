import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLES, technicalFieldProblems } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';
import {
  AdditionalServiceAnswer,
  AdditionalServiceInput,
  BulkEditRequest,
  BulkProductIds,
  DeleteProductRequest,
  IdParam,
  MyProductsQuery,
  NewProductRequest,
  OkResponse,
  OwnerProduct,
  OwnerProductList,
  ProductServiceParams,
  UpdateProductRequest,
  UserIdParams,
} from 'shared-kernel/schemas';
import { ApiError } from '../../lib/api-error';
import type { ProductFieldsInput } from '../../repositories/owner-product-repository';
import type { UserRow } from '../../repositories/user-repository';
import { requireUser } from '../../plugins/session';
import { responses } from '../../schemas/responses';
import { isUploadOf } from '../../services/storage';
import { writeCoverFor } from '../../services/images';

const productNotFound = () => new ApiError(404, 'NOT_FOUND', messages.errors.api.productNotFound);

/**
 * The owner's writes need a verified identity (spec 6: ROLE_USER_B2C_NEED_ID is blocked from
 * adding products); a signed-out caller gets 401 first.
 */
function requireOwnerTools(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.roles.includes(ROLES.needsId)) {
    throw new ApiError(403, 'FORBIDDEN', messages.errors.api.addProductNeedsVerification, ['IDENTITY_NOT_VERIFIED']);
  }
  return user;
}

/** Product code, paid later and automatic approval are business extras (spec 2, 6). */
function assertB2bFields(user: UserRow, input: ProductFieldsInput): void {
  if (user.type === 'B2B') return;
  if (input.productCode || input.paidLater || input.automaticallyApproved || input.automaticallyApprovedTxt) {
    throw new ApiError(400, 'B2B_ONLY', messages.errors.api.b2bOnly);
  }
}

/**
 * Owner tools (issue 11, spec owner-and-account-area 7 "Product"): create, edit, remove, restore,
 * bulk remove and edit, additional services, my products. Only the product's owner changes it;
 * anyone else signed in gets the answer of a missing product, so ids cannot be probed.
 */
export const ownerProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.ownerProductRepository;

  // PostgreSQL text cannot hold NUL: refuse it as input rather than fail on the write.
  app.addHook('preHandler', async (request) => {
    const field = nulField(request.body);
    if (field !== null) throw new ApiError(400, 'VALIDATION_ERROR', `${field || 'body'}: NUL character`);
  });

  /** The category and technical fields as the product's category allows them. */
  async function assertCategoryAndTechnical(input: ProductFieldsInput): Promise<void> {
    const category = await repo.childCategory(input.categoryId);
    if (!category) throw new ApiError(400, 'INVALID_CATEGORY', messages.errors.api.invalidCategory);
    const problems = technicalFieldProblems(input.technical, category.id, category.parentCategoryId);
    const fields = Object.keys(problems);
    if (fields.length > 0) {
      throw new ApiError(
        400,
        'VALIDATION_ERROR',
        format(messages.errors.api.invalidTechnicalFields, {
          fields: fields.map((f) => `${f}: ${problems[f as keyof typeof problems]}`).join('; '),
        }),
        fields,
      );
    }
  }

  async function answer(productId: number): Promise<OwnerProduct> {
    const product = await repo.ownerProduct(productId, app.clock.now());
    if (!product) throw productNotFound();
    return product;
  }

  /** Spec 7 `GET /products/my-products`, registered as a static path so `/products/:id` never takes it. */
  app.get(
    '/products/my-products',
    { schema: { querystring: MyProductsQuery, response: responses({ 200: OwnerProductList }) } },
    async (request) => {
      const user = requireUser(request);
      return repo.myProducts(user.id, request.query, app.clock.now());
    },
  );

  app.post('/products', { schema: { body: NewProductRequest, response: responses({ 201: OwnerProduct }) } }, async (request, reply) => {
    const user = requireOwnerTools(request);
    const input = request.body;
    assertB2bFields(user, input);
    await assertCategoryAndTechnical(input);
    // The images are the caller's own uploads, already resized by POST /file-upload/images.
    if (new Set(input.images).size !== input.images.length) throw new ApiError(400, 'INVALID_IMAGE', messages.errors.api.invalidImage);
    for (const name of input.images) {
      if (!isUploadOf(user.id, name) || !(await app.fileStorage.exists(name)))
        throw new ApiError(400, 'INVALID_IMAGE', messages.errors.api.invalidImage);
    }
    // The wizard uploads every image alike; the first is the cover, at most 435 px wide (spec 5).
    const cover = await writeCoverFor(app.fileStorage, input.images[0]);
    const images = cover ? [cover, ...input.images.slice(1)] : input.images;
    const id = await repo.create(user.id, { ...input, images }, app.clock.now());
    reply.status(201);
    return answer(id);
  });

  app.put(
    '/products/:id',
    { schema: { params: IdParam, body: UpdateProductRequest, response: responses({ 200: OwnerProduct }) } },
    async (request) => {
      const user = requireOwnerTools(request);
      const owned = await repo.ownership(request.params.id);
      if (!owned || owned.userId !== user.id) throw productNotFound();
      assertB2bFields(user, request.body);
      await assertCategoryAndTechnical(request.body);
      if (!(await repo.update(user.id, request.params.id, request.body, app.clock.now()))) throw productNotFound();
      return answer(request.params.id);
    },
  );

  app.post(
    '/products/:id/delete',
    { schema: { params: IdParam, body: DeleteProductRequest, response: responses({ 200: OwnerProduct }) } },
    async (request) => {
      const user = requireOwnerTools(request);
      const reason = request.body.inActiveReason || messages.domain.defaultInactiveReason;
      const notices = await repo.deactivate(user.id, request.params.id, reason, app.clock.now());
      if (!notices) throw productNotFound();
      return answer(request.params.id);
    },
  );

  app.put('/products/:id/restore', { schema: { params: IdParam, response: responses({ 200: OwnerProduct }) } }, async (request) => {
    const user = requireOwnerTools(request);
    if (!(await repo.restore(user.id, request.params.id, app.clock.now()))) throw productNotFound();
    return answer(request.params.id);
  });

  /** `{userId}` names the caller (the spec's path); another user's id is refused outright. */
  function requireSelf(request: FastifyRequest, userId: number): UserRow {
    const user = requireOwnerTools(request);
    if (user.id !== userId) throw new ApiError(403, 'FORBIDDEN', messages.errors.api.otherUsersProducts);
    return user;
  }

  app.post(
    '/products/bulk-edit-delete/user/:userId',
    { schema: { params: UserIdParams, body: BulkProductIds, response: responses({ 200: OwnerProductList }) } },
    async (request) => {
      const user = requireSelf(request, request.params.userId);
      const ids = [...new Set(request.body.productIds)];
      const notices = await repo.bulkDelete(user.id, ids, app.clock.now());
      if (!notices) throw productNotFound();
      return repo.ownerProducts(ids, app.clock.now(), { includeReservation: true, activeReservations: false });
    },
  );

  app.post(
    '/products/bulk-edit/user/:userId',
    { schema: { params: UserIdParams, body: BulkEditRequest, response: responses({ 200: OwnerProductList }) } },
    async (request) => {
      const user = requireSelf(request, request.params.userId);
      const ids = [...new Set(request.body.productIds)];
      const { startTs, endTs } = request.body;
      // Each product's window must stay start < end with whichever side the edit leaves as stored.
      if (startTs !== undefined || endTs !== undefined) {
        const windows = await repo.windows(user.id, ids);
        if (windows.some((w) => (startTs ?? w.startTs) >= (endTs ?? w.endTs))) {
          throw new ApiError(400, 'VALIDATION_ERROR', 'Algusaeg on pärast lõppaega või on sama väärtusega.', [
            'INVALID_TIMES_START_AFTER_END',
          ]);
        }
      }
      if (!(await repo.bulkEdit(user.id, { ...request.body, productIds: ids }, app.clock.now()))) throw productNotFound();
      return repo.ownerProducts(ids, app.clock.now(), { includeReservation: true, activeReservations: false });
    },
  );

  app.post(
    '/products/:id/services',
    { schema: { params: IdParam, body: AdditionalServiceInput, response: responses({ 201: AdditionalServiceAnswer }) } },
    async (request, reply) => {
      const user = requireOwnerTools(request);
      const service = await repo.addService(user.id, request.params.id, request.body);
      if (!service) throw productNotFound();
      reply.status(201);
      return service;
    },
  );

  app.put(
    '/products/:id/services/:serviceId/update',
    { schema: { params: ProductServiceParams, body: AdditionalServiceInput, response: responses({ 200: AdditionalServiceAnswer }) } },
    async (request) => {
      const user = requireOwnerTools(request);
      const service = await repo.updateService(user.id, request.params.id, request.params.serviceId, request.body);
      if (!service) throw productNotFound();
      if (service === 'missing') throw new ApiError(404, 'NOT_FOUND', messages.errors.api.serviceNotFound);
      return service;
    },
  );

  app.delete(
    '/products/:id/services/:serviceId',
    { schema: { params: ProductServiceParams, response: responses({ 200: OkResponse }) } },
    async (request) => {
      const user = requireOwnerTools(request);
      const done = await repo.deleteService(user.id, request.params.id, request.params.serviceId);
      if (done === null) throw productNotFound();
      if (!done) throw new ApiError(404, 'NOT_FOUND', messages.errors.api.serviceNotFound);
      return { ok: true as const };
    },
  );
};

/** The path of the first string holding a NUL character, or null. */
export function nulField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = nulField(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const found = nulField(child, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}
