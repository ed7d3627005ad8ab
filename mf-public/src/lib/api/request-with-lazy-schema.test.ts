import { configureApi, isApiError } from 'shared-kernel/api';
import { z } from 'shared-kernel/zod';
import { getProductDetails } from '../../features/product/api/get-product-details';
import { requestWithLazySchema } from './request-with-lazy-schema';

const Answer = z.object({ id: z.number().int(), name: z.string().trim() });

function answering(status: number, body: unknown) {
  const calls: Array<{ url: string; method: string }> = [];
  const fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method ?? 'GET' });
    return { ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) } as unknown as Response;
  }) as unknown as typeof globalThis.fetch;
  configureApi({ fetch });
  return calls;
}

afterEach(() => configureApi());

describe('requestWithLazySchema', () => {
  it('answers with what the schema makes of the body', async () => {
    const calls = answering(200, { id: 7, name: '  Haagis ', extra: true });
    await expect(requestWithLazySchema('get', '/things/7', async () => Answer)).resolves.toEqual({ id: 7, name: 'Haagis' });
    expect(calls).toEqual([{ url: '/api/things/7', method: 'GET' }]);
  });

  it('sends a read before its schema has loaded, not after it', async () => {
    const calls = answering(200, { id: 1, name: 'x' });
    let loaded!: (schema: typeof Answer) => void;
    const pending = requestWithLazySchema('get', '/things/1', () => new Promise<typeof Answer>((resolve) => (loaded = resolve)));
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual([{ url: '/api/things/1', method: 'GET' }]);
    loaded(Answer);
    await expect(pending).resolves.toEqual({ id: 1, name: 'x' });
  });

  it("reports a read's own refusal, not a schema that failed to load", async () => {
    answering(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Not signed in' });
    const error = await requestWithLazySchema('get', '/things/1', () => Promise.reject(new Error('ChunkLoadError'))).catch(
      (e: unknown) => e,
    );
    expect(isApiError(error)).toBe(true);
    expect((error as { status: number }).status).toBe(401);
  });

  it('sends no write whose schema failed to load, so a failure never hides a change the server made', async () => {
    const calls = answering(200, { id: 1, name: 'x' });
    await expect(requestWithLazySchema('put', '/things/1', () => Promise.reject(new Error('ChunkLoadError')))).rejects.toThrow(
      'ChunkLoadError',
    );
    expect(calls).toEqual([]);
    await expect(requestWithLazySchema('put', '/things/1', async () => Answer)).resolves.toEqual({ id: 1, name: 'x' });
    expect(calls).toEqual([{ url: '/api/things/1', method: 'PUT' }]);
  });

  it("refuses a body that does not fit as the client does, with the kernel's Estonian message", async () => {
    answering(200, { id: 'seitse' });
    const error = await requestWithLazySchema('delete', '/things/7', async () => Answer).catch((e: unknown) => e);
    expect(isApiError(error, 'INVALID_RESPONSE')).toBe(true);
    expect((error as Error).message).toBe('Server vastas ootamatult. Proovi uuesti.');
  });

  it("passes the server's refusal through unchanged", async () => {
    answering(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Product not found' });
    const error = await requestWithLazySchema('get', '/things/9', async () => Answer).catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect((error as { status: number }).status).toBe(404);
  });

  it('loads the real schema of a product page call on demand', async () => {
    answering(200, { id: 27 });
    const error = await getProductDetails(27).catch((e: unknown) => e);
    expect(isApiError(error, 'INVALID_RESPONSE')).toBe(true);
  });
});
