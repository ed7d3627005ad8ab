import type { FastifyPluginAsync } from 'fastify';
import { messages } from 'shared-kernel/messages';
import { IdParam, ProductListQuery, type CustomerProduct, type Product, type ProductDetails } from 'shared-kernel/schemas';
import { publicAuthorName } from '../../repositories/author-name';
import { notFound } from '../../lib/api-error';
import type { ZodTypeProvider } from '../../lib/zod-type-provider';

export const productRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const products = app.productRepository;

  app.get('/products', { schema: { querystring: ProductListQuery } }, async (request): Promise<Product[]> => {
    return products.list({ page: request.query.page, perPage: request.query.perPage }, app.clock.now());
  });

  app.get(
    '/products/customer-products/:id',
    { schema: { params: IdParam, querystring: ProductListQuery } },
    async (request): Promise<CustomerProduct[]> => {
      const owner = await app.userRepository.findById(request.params.id);
      if (!owner) throw notFound(messages.errors.api.userNotFound);
      // The page is about this owner: name them as questions and reviews do, and nothing more.
      const ownerName = publicAuthorName(owner);
      const list = await products.list({ page: request.query.page, perPage: request.query.perPage, userId: owner.id }, app.clock.now());
      return list.map((product) => ({ ...product, ownerName }));
    },
  );

  app.get('/products/:id', { schema: { params: IdParam } }, async (request): Promise<Product> => {
    const product = await products.getById(request.params.id, app.clock.now());
    if (!product) throw notFound(messages.errors.api.productNotFound);
    return product;
  });

  app.get('/products/:id/details', { schema: { params: IdParam } }, async (request): Promise<ProductDetails> => {
    const product = await products.getDetails(request.params.id, app.clock.now());
    if (!product) throw notFound(messages.errors.api.productNotFound);
    return product;
  });
};
