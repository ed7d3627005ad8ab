import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import {
  ApiErrorBody,
  Category,
  Comment,
  ContactInfo,
  Feedback,
  MarkerList,
  Place,
  ProblemReport,
  Product,
  ProductDetails,
  SearchResultItem,
  SessionUser,
} from 'shared-kernel/schemas';
import { z } from 'zod';
import packageJson from '../../package.json';

/** Where the API serves its OpenAPI page (`/docs/`) and document (`/docs/json`); the browser adds the shell's `/api`. */
export const DOCS_PATH = '/docs';

/** Shapes many routes share, listed once under `components.schemas` so the page shows them by name. */
const components = z.registry<{ id: string }>();
for (const [id, schema] of Object.entries({
  ApiErrorBody,
  SessionUser,
  ContactInfo,
  Category,
  Product,
  ProductDetails,
  SearchResultItem,
  MarkerList,
  Place,
  Comment,
  Feedback,
  ProblemReport,
})) {
  components.add(schema, { id });
}

const zodTransform = createJsonSchemaTransform({ schemaRegistry: components });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: components });

const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '4xx': 'Refused: `code` says why (400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 CSRF or FORBIDDEN, 404 NOT_FOUND, ...)',
  '5xx': 'Server failure (INTERNAL_ERROR)',
};

const swaggerPlugin: FastifyPluginAsync = async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rendime API',
        version: packageJson.version,
        description:
          'The marketplace API. Errors answer `ApiErrorBody` (`code` is what a client branches on). Signed-in calls carry the session cookie (`__Host-rendime_sid` over https, `rendime_sid` on the local http platform); abuse-limited calls answer 429 `RATE_LIMITED` with Retry-After; state-changing calls from a browser must come from an allowed origin.',
      },
      // The browser reaches the API through the shell's /api proxy; tools on the server reach it directly.
      servers: [
        { url: '/api', description: 'through the shell (browser)' },
        { url: '/', description: 'the API server itself' },
      ],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: app.config.cookieSecure ? '__Host-rendime_sid' : 'rendime_sid' },
        },
      },
    },
    // Groups the page by resource: the first path segment (`/products/{id}` → products).
    transform: (document) => {
      const transformed = zodTransform(document);
      const schema = transformed.schema as { hide?: boolean; tags?: string[]; response?: Record<string, { description?: string }> };
      if (schema.hide) return transformed;
      schema.tags ??= [document.url.split('/')[1] || 'root'];
      for (const [status, answer] of Object.entries(schema.response ?? {})) answer.description ??= RESPONSE_DESCRIPTIONS[status];
      return transformed;
    },
    // Every component also gets an input twin (`ProductInput`); only the ones a route refers to stay.
    transformObject: (document) => {
      const openapi = zodTransformObject(document) as { components?: { schemas?: Record<string, unknown> } };
      const schemas = openapi.components?.schemas ?? {};
      const text = JSON.stringify(openapi);
      for (const id of Object.keys(schemas)) {
        if (id.endsWith('Input') && !text.includes(`"#/components/schemas/${id}"`)) delete schemas[id];
      }
      return openapi as ReturnType<typeof zodTransformObject>;
    },
  });

  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    theme: { title: 'Rendime API' },
    uiHooks: {
      // The page links its assets relative to `/docs/`. Without the slash they would resolve against
      // the site root, which behind the shell's proxy is not the API: send the browser to the slash.
      // The proxy prefixes an absolute Location with /api, so this works directly and proxied.
      onRequest: (request, reply, done) => {
        if (request.url === DOCS_PATH) {
          void reply.redirect(`${DOCS_PATH}/`);
          return;
        }
        done();
      },
    },
  });
};

export const openApi = fp(swaggerPlugin, { name: 'openapi' });
