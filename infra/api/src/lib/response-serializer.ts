import type { FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Writes an answer through its route's zod response schema, like fastify-type-provider-zod's
 * serializerCompiler, but with `safeParse` instead of `safeEncode`: zod compiles object parsing
 * and not encoding, and on a 5000-marker map answer encoding took ~40 times as long as parsing
 * (tens of milliseconds against about one). The two agree on our response schemas, which have no
 * transforms: both check the answer and keep only the fields the schema names.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType | { properties: z.ZodType }> = ({ schema, method, url }) => {
  const zodSchema = schema instanceof z.ZodType ? schema : schema.properties;
  if (!(zodSchema instanceof z.ZodType)) throw new InvalidSchemaError(JSON.stringify(schema));
  return (data) => {
    const result = zodSchema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
