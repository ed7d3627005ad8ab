import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { messages } from 'shared-kernel/messages';
import { FileNameParam } from 'shared-kernel/schemas';
import { notFound } from '../../lib/api-error';
import type { ZodTypeProvider } from '../../lib/zod-type-provider';

const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.pdf': 'application/pdf' };

export const fileRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/files/:name', { schema: { params: FileNameParam } }, async (request, reply) => {
    // The name pattern has no slashes, so it cannot leave filesDir.
    const name = request.params.name;
    const type = TYPES[path.extname(name).toLowerCase()];
    if (!type) throw notFound(messages.errors.api.fileNotFound);
    let data: Buffer;
    try {
      data = await fs.readFile(path.join(app.config.filesDir, name));
    } catch {
      throw notFound(messages.errors.api.fileNotFound);
    }
    // File names are unique per upload, so a long cache is safe.
    return reply.type(type).header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(data);
  });
};
