import { ApiError, getApi, type RequestOptions } from 'shared-kernel/api';
import { messages } from 'shared-kernel/messages';
import type { z } from 'shared-kernel/zod';

type Method = 'get' | 'put' | 'delete';

/**
 * A request whose answer's schema loads beside it instead of with the page. The product page's
 * first paint takes its answers from the server's render (issue 28), so a visitor who does not
 * ask again never downloads zod and the schemas (about 26 KB brotli); one who does waits for
 * whichever of the two arrives last, not for both in turn.
 */
export async function requestWithLazySchema<S extends z.ZodType>(
  method: Method,
  path: string,
  loadSchema: () => Promise<S>,
  options: Omit<RequestOptions, 'schema'> = {},
): Promise<z.output<S>> {
  const [schema, data] = await Promise.all([loadSchema(), getApi()[method]<unknown>(path, options)]);
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new ApiError({
      status: 200,
      code: 'INVALID_RESPONSE',
      message: messages.common.unexpectedResponse,
      body: data,
      cause: parsed.error,
    });
  return parsed.data;
}
