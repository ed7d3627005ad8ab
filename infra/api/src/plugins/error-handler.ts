import type { FastifyError, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import type { ApiErrorBody } from 'shared-kernel/schemas';
import { ApiError } from '../lib/api-error';

const texts = messages.errors.request;

// Fastify's own client-error codes mapped onto the codes the UI knows, with Estonian texts (never Fastify's English).
const FASTIFY_CODES: Record<string, { status: number; code: string; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'MALFORMED_JSON', message: texts.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'MALFORMED_JSON', message: texts.emptyJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: texts.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: texts.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'VALIDATION_ERROR', message: texts.invalidContentLength },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, code: 'VALIDATION_ERROR', message: texts.unsupportedMediaType },
  FST_ERR_VALIDATION: { status: 400, code: 'VALIDATION_ERROR', message: messages.validation.invalidValue },
  FST_ERR_NOT_FOUND: { status: 404, code: 'NOT_FOUND' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'URI_TOO_LONG', message: texts.paramTooLong },
  FST_ERR_BAD_URL: { status: 400, code: 'VALIDATION_ERROR', message: texts.badUrl },
};

/**
 * `body.contactInfos.0.value: Liiga pikk: kuni 200 märki.`: where the request went wrong (the field as
 * the API names it) and why, in the kernel's Estonian: zod's error map is the kernel's (shared-kernel/zod).
 */
function describeIssues(issues: { instancePath: string; message?: string }[], where?: string): string {
  // One value broken two ways with one text (a price too big and no safe integer) is said once.
  const said = new Set<string>();
  return issues
    .map(
      (i) =>
        `${[where, ...i.instancePath.split('/')].filter((p) => p !== undefined && p !== '').join('.')}: ${i.message ?? messages.validation.invalidValue}`,
    )
    .filter((line) => !said.has(line) && said.add(line))
    .slice(0, 5)
    .join('; ');
}

export function toErrorBody(error: unknown): ApiErrorBody {
  if (error instanceof ApiError) return error.toBody();
  const fe = error as Partial<FastifyError> & { validationContext?: string };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: describeIssues(error.validation, fe.validationContext),
      codes: ['VALIDATION_ERROR'],
    };
  }
  if (error instanceof SyntaxError && fe.statusCode === 400) {
    return { statusCode: 400, code: 'MALFORMED_JSON', message: texts.malformedJson, codes: ['MALFORMED_JSON'] };
  }
  const mapped = fe.code ? FASTIFY_CODES[fe.code] : undefined;
  if (mapped) {
    const message = mapped.message ?? fe.message ?? mapped.code;
    return { statusCode: mapped.status, code: mapped.code, message, codes: [mapped.code] };
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    return { statusCode: status, code: 'BAD_REQUEST', message: texts.badRequest, codes: ['BAD_REQUEST'] };
  }
  return { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error', codes: ['INTERNAL_ERROR'] };
}

const errorHandlerPlugin: FastifyPluginAsync = async (app) => {
  app.setErrorHandler((error, request, reply) => {
    const body = toErrorBody(error);
    if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code }, 'request refused');
    return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const body: ApiErrorBody = {
      statusCode: 404,
      code: 'NOT_FOUND',
      message: texts.noRoute,
      codes: ['NOT_FOUND'],
    };
    return reply.status(404).send(body);
  });
};

export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler' });
