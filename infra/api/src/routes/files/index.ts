import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import { FileNameParam } from 'shared-kernel/schemas';
import { notFound } from '../../lib/api-error';
import { mediaResponse, responses } from '../../schemas/responses';

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
};

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    params: FileNameParam,
    response: responses({ 200: mediaResponse('The file (images of products, PDFs)', [...new Set(Object.values(TYPES))]) }),
  };

  app.get('/files/:name', { schema }, async (request, reply) => {
    // The name pattern has no slashes, so it cannot leave filesDir.
    const name = request.params.name;
    const type = TYPES[path.extname(name).toLowerCase()];
    if (!type) throw notFound(messages.errors.api.fileNotFound);
    const data = await app.fileStorage.get(name);
    if (!data) throw notFound(messages.errors.api.fileNotFound);
    // Product images are public (the product page shows them) and the owner widget shows them on
    // the owner's own site: another origin may embed them. Other files (PDFs) stay same-site.
    if (type.startsWith('image/')) reply.header('cross-origin-resource-policy', 'cross-origin');
    // File names are unique per upload, so a long cache is safe.
    return reply
      .type(type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });
};
