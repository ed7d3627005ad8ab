import type { FastifyPluginAsync, FastifySchemaCompiler, FastifyTypeProvider, RawServerDefault } from 'fastify';
import type { z } from 'zod';

/** Lets route schemas be zod schemas, typed in handlers (a 20-line stand-in for fastify-type-provider-zod). */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

export type ZodPlugin = FastifyPluginAsync<Record<never, never>, RawServerDefault, ZodTypeProvider>;

/** Fastify calls this once per route schema part; the returned function validates each request. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: result.error as unknown as Error };
  };
};
