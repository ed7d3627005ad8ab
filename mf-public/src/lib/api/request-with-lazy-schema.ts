import { ApiError, getApi, type RequestOptions } from 'shared-kernel/api';
import { messages } from 'shared-kernel/messages';
import type { z } from 'shared-kernel/zod';

type Method = 'get' | 'put' | 'delete';

/**
 * A JSON request whose answer's schema loads when the request is made, not with the page (ADR
 * 0056). The product and search pages' first loads take their answers from the server's render,
 * so a visitor who does not ask again never downloads zod and the schemas (23.5 KB brotli and
 * more). Each caller names its schema in its own `import()` callback: webpack then keeps only the
 * schemas used in the file it loads (a name looked up at run time would bring them all).
 *
 * A read starts both at once and waits for whichever comes last; its own refusal (404, 401, a
 * timeout) wins over a failed schema load, so a page still tells "missing" from "failed". A write
 * loads the schema first: a failed load then means nothing was sent, never a change the server
 * made that the page reports as failed.
 */
export async function requestWithLazySchema<S extends z.ZodType>(
  method: Method,
  path: string,
  loadSchema: () => Promise<S>,
  options: Omit<RequestOptions, 'schema' | 'responseType'> = {},
): Promise<z.output<S>> {
  if (method !== 'get') {
    const schema = await loadSchema();
    return getApi()[method]<z.output<S>, z.ZodType>(path, { ...options, schema }) as Promise<z.output<S>>;
  }
  const schema = loadSchema();
  schema.catch(() => undefined); // awaited below, after the request: not an unhandled rejection meanwhile
  const data = await getApi().get<unknown>(path, options);
  const parsed = (await schema).safeParse(data);
  // As the kernel's client refuses an answer that does not fit its schema.
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
