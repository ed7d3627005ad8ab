import { ApiErrorBody } from 'shared-kernel/schemas';
import { z } from 'zod';

/**
 * A route's `response` schemas: its own answers by status, plus the error body every route can
 * answer with (validation, sign-in, CSRF, server errors all share `ApiErrorBody`). The serializer
 * writes only what a schema names, so an answer cannot leak a column the schema does not list.
 */
export function responses<const T extends Record<number, z.ZodType | MediaResponse>>(
  answers: T,
): T & { '4xx': typeof ApiErrorBody; '5xx': typeof ApiErrorBody } {
  return { ...answers, '4xx': ApiErrorBody, '5xx': ApiErrorBody };
}

export interface MediaResponse {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/** An answer that is not JSON (an HTML page, an image): documented by its media type, sent as it is. */
export function mediaResponse(description: string, mediaTypes: readonly string[], schema: z.ZodType = z.string()): MediaResponse {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) };
}
