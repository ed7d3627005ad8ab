import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import {
  CustomerProductList,
  IdParam,
  MyRentedProductList,
  MyRentedProductsQuery,
  Product,
  ProductDetails,
  ProductList,
  ProductListQuery,
  PublicProductIndex,
  PublicProductIndexQuery,
} from 'shared-kernel/schemas';
import { publicAuthorName } from '../../repositories/author-name';
import { notFound } from '../../lib/api-error';
import { requireUser } from '../../plugins/session';
import { responses } from '../../schemas/responses';

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const products = app.productRepository;

  app.get('/products', { schema: { querystring: ProductListQuery, response: responses({ 200: ProductList }) } }, async (request) => {
    return products.list({ page: request.query.page, perPage: request.query.perPage }, app.clock.now());
  });

  app.get(
    '/products/customer-products/:id',
    { schema: { params: IdParam, querystring: ProductListQuery, response: responses({ 200: CustomerProductList }) } },
    async (request) => {
      const owner = await app.userRepository.findById(request.params.id);
      if (!owner) throw notFound(messages.errors.api.userNotFound);
      // The page is about this owner: name them as questions and reviews do, and nothing more.
      const ownerName = publicAuthorName(owner);
      const list = await products.list({ page: request.query.page, perPage: request.query.perPage, userId: owner.id }, app.clock.now());
      return list.map((product) => ({ ...product, ownerName }));
    },
  );

  /** Public, like the product pages it lists: what the sitemap names (ADR 0041). */
  app.get(
    '/products/public-index',
    { schema: { querystring: PublicProductIndexQuery, response: responses({ 200: PublicProductIndex }) } },
    async (request) => products.publicIndex(request.query),
  );

  /** The caller's rentals as renter (My rentals), registered before `/products/:id`. */
  app.get(
    '/products/my-rented-products',
    { schema: { querystring: MyRentedProductsQuery, response: responses({ 200: MyRentedProductList }) } },
    async (request) => {
      const user = requireUser(request);
      return app.contractService.myRentedProducts(user.id, request.query.reservationStatuses);
    },
  );

  app.get('/products/:id', { schema: { params: IdParam, response: responses({ 200: Product }) } }, async (request) => {
    const product = await products.getById(request.params.id, app.clock.now());
    if (!product) throw notFound(messages.errors.api.productNotFound);
    return product;
  });

  app.get('/products/:id/details', { schema: { params: IdParam, response: responses({ 200: ProductDetails }) } }, async (request) => {
    const product = await products.getDetails(request.params.id, app.clock.now());
    if (!product) throw notFound(messages.errors.api.productNotFound);
    return product;
  });
};
