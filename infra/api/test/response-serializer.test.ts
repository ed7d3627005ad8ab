import Fastify, { type FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { responseSerializerCompiler } from '../src/lib/response-serializer';
import { errorHandler } from '../src/plugins/error-handler';
import { responses } from '../src/schemas/responses';

const Answer = z.object({ id: z.number().int(), name: z.string() });

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler);
  await app.register(errorHandler);
  const routes: FastifyPluginAsyncZod = async (scope) => {
    // A repository row with a column the answer must not carry.
    scope.get('/row', { schema: { response: responses({ 200: Answer }) } }, async () => ({ id: 1, name: 'Mari', passwordHash: 'secret' }));
    scope.get(
      '/wrong',
      { schema: { response: responses({ 200: Answer }) } },
      async () => ({ id: 'one' }) as unknown as z.infer<typeof Answer>,
    );
    scope.get('/refused', { schema: { response: responses({ 200: Answer }) } }, async (_request, reply) => {
      const refusal = { statusCode: 404, code: 'NOT_FOUND', message: 'Ei leitud', codes: ['NOT_FOUND'], stack: 'at secret.ts:1' };
      return reply.status(404).send(refusal);
    });
  };
  await app.register(routes);
});
afterAll(async () => {
  await app.close();
});

describe('answers written through their response schema', () => {
  it('carry only the fields the schema names', async () => {
    const res = await app.inject({ url: '/row' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 1, name: 'Mari' });
  });

  it('that do not match their schema become a 500 INTERNAL_ERROR, not a half-right answer', async () => {
    const res = await app.inject({ url: '/wrong' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error', codes: ['INTERNAL_ERROR'] });
  });

  it('error answers go through ApiErrorBody too', async () => {
    const res = await app.inject({ url: '/refused' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Ei leitud', codes: ['NOT_FOUND'] });
  });
});
