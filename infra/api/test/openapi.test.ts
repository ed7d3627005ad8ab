import type { RouteOptions } from 'fastify';
import { createTestApp, type TestContext } from '../src/testing/test-app';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

// The state-changing calls that take no body: their input is the path and the query (spec 7).
const NO_BODY = new Set([
  'POST /users/logout',
  'PUT /reservations/decline/{id}',
  'PUT /reservations/cancel/{id}',
  'PUT /reservations/cancel/hash/{hash}',
  'PUT /contracts/cancel/{id}',
  'PUT /contracts/{id}/received',
  'PUT /contracts/{id}/returned',
  'PUT /contracts/extensions/{id}/accept',
  'PUT /contracts/extensions/{id}/decline',
  'PUT /contracts/extensions/{id}/pay',
  'PUT /products/{id}/restore',
  'PUT /user-messages/user/{id}/party/{partyId}/seen',
  'POST /user-notifications/user/{userId}/mark-read',
  'POST /user-messages/user/{id}/mark-read',
  'PUT /payment/contract',
  // Issue 32: making a calendar link anew and reading a followed calendar again take no input.
  'POST /calendar-links/all',
  'POST /calendar-links/products/{id}',
  'POST /products/{id}/calendar-imports/{importId}/refresh',
  // Issue 32: saving a product names it in the path.
  'PUT /users/me/saved-products/{productId}',
]);

// Where the browser is sent on (bank-link return, the sandbox bank's choice): the success answer is a 303.
const REDIRECTS = new Set(['GET /payment/return', 'POST /sandbox/bank-link/pay/{id}']);

// Uploads: their body is a multipart form (its parts are read from the stream, documented as the form).
const MULTIPART = new Set(['POST /file-upload/images']);

let ctx: TestContext;
const routes: RouteOptions[] = [];
let doc: OpenApiDocument;

beforeAll(async () => {
  ctx = await createTestApp({ app: { onRoute: (route) => routes.push(route) } });
  const res = await ctx.app.inject({ url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await ctx.close();
});

/** Every method of every route the app registered, as `GET /products/{id}`, leaving out HEAD twins and the docs' own pages. */
function registeredOperations(): { key: string; method: string; path: string; route: RouteOptions }[] {
  return routes.flatMap((route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    return methods
      .filter((method) => method !== 'HEAD' && !path.startsWith('/docs'))
      .map((method) => ({ key: `${method} ${path}`, method, path, route }));
  });
}

describe('the OpenAPI document at /docs/json', () => {
  it('lists every route the app registered, and nothing else', () => {
    const registered = registeredOperations()
      .map((o) => o.key)
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(registered.length).toBeGreaterThan(30);
    expect(documented).toEqual(registered);
  });

  it('gives every operation its success answer and the error answer, with schemas', () => {
    for (const { key, method, path } of registeredOperations()) {
      const operation = doc.paths[path][method.toLowerCase()];
      const success = Object.entries(operation.responses).filter(([status]) => (REDIRECTS.has(key) ? /^303$/ : /^2\d\d$/).test(status));
      expect({ key, success: success.length }).toEqual({ key, success: 1 });
      for (const [, answer] of success) {
        const schemas = Object.values(answer.content ?? {}).map((c) => c.schema);
        expect({ key, schemas: schemas.length > 0 && schemas.every(Boolean) }).toEqual({ key, schemas: true });
      }
      expect({ key, error: operation.responses['4XX']?.content?.['application/json']?.schema }).toEqual({
        key,
        error: { $ref: '#/components/schemas/ApiErrorBody' },
      });
    }
  });

  it('describes the input of every operation that takes some', () => {
    for (const { key, method, path, route } of registeredOperations()) {
      const operation = doc.paths[path][method.toLowerCase()];
      const documented = (where: string) => (operation.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      expect({ key, path: documented('path').sort() }).toEqual({ key, path: pathParams.sort() });
      if (route.schema?.querystring) expect({ key, query: documented('query').length > 0 }).toEqual({ key, query: true });
      if (MULTIPART.has(key)) {
        expect({ key, body: Boolean(operation.requestBody?.content['multipart/form-data']?.schema) }).toEqual({ key, body: true });
      } else if (['POST', 'PUT', 'PATCH'].includes(method) && !NO_BODY.has(key)) {
        expect({ key, body: Boolean(operation.requestBody?.content['application/json']?.schema) }).toEqual({ key, body: true });
      }
    }
  });
});

describe('the page at /docs', () => {
  it('sends /docs to /docs/ (absolute, so the shell proxy can prefix it) and serves the page with relative asset links', async () => {
    const bare = await ctx.app.inject({ url: '/docs' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/docs/');
    const page = await ctx.app.inject({ url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('src="./static/swagger-ui-bundle.js"');
    expect((await ctx.app.inject({ url: '/docs/static/swagger-ui-bundle.js' })).statusCode).toBe(200);
  });
});
