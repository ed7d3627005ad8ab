import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GO_KART } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { OwnerWidgetParams, OwnerWidgetQuery, OwnerWidgetResponse } from 'shared-kernel/schemas';
import { notFound } from '../../lib/api-error';
import { RATE_LIMITS } from '../../plugins/abuse-limits';
import { mediaResponse, responses } from '../../schemas/responses';
import { widgetCard } from './widget-card';

const PATH = '/public/owners/:ownerId/widget-products';

/**
 * The owner widget's data (issue 17): a B2B owner's public products for a script on the owner's
 * own site. Anonymous, the same answer for everyone (no session is read into it), open to every
 * origin without credentials, cacheable by browsers and CDNs for a minute, and never a cookie.
 */
export const ownerWidgetRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin is encapsulated: the hook touches only these routes, errors (400, 404, 429) included,
  // so a host page's script can read why it got nothing.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', 'Retry-After');
    reply.removeHeader('set-cookie');
    return payload;
  });

  app.get(
    PATH,
    {
      config: { rateLimit: RATE_LIMITS.ownerWidget },
      schema: {
        summary: "A business owner's public products for the widget on their own site",
        params: OwnerWidgetParams,
        querystring: OwnerWidgetQuery,
        response: responses({ 200: OwnerWidgetResponse }),
      },
    },
    async (request, reply) => {
      const owner = await app.userRepository.findById(request.params.ownerId);
      // Missing, private or suspended: one answer, so the endpoint tells nobody which ids are people.
      if (!owner || owner.type !== 'B2B' || owner.suspended) throw notFound(messages.errors.api.widgetOwnerNotFound);
      const now = app.clock.now();
      // The go-kart track is sold by 20-minute slots on its own page (spec 5), not by the day: a
      // day-priced card would show a price nobody pays, so the widget leaves it out.
      const list = await app.productRepository.listPublicOfOwner(
        owner.id,
        { limit: request.query.limit, categoryId: request.query.category, excludeIds: [GO_KART.productId] },
        now,
      );
      reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=300');
      return {
        // A business's name is public (the product page shows it); nothing else about the account is.
        owner: { id: owner.id, name: owner.name },
        products: list.map((product) => widgetCard(product, now, { publicSiteUrl: app.config.publicSiteUrl })),
      };
    },
  );

  // A simple GET needs no preflight; a host page's fetch wrapper that adds a header does.
  app.options(
    PATH,
    {
      schema: {
        summary: 'CORS preflight of the widget data',
        params: OwnerWidgetParams,
        response: responses({ 204: mediaResponse('Preflight accepted (no body)', ['text/plain']) }),
      },
    },
    async (_request, reply) => {
      reply.header('access-control-allow-methods', 'GET, OPTIONS');
      reply.header('access-control-allow-headers', 'Content-Type');
      reply.header('access-control-max-age', '86400');
      reply.header('cache-control', 'public, max-age=86400');
      return reply.status(204).send();
    },
  );
};
