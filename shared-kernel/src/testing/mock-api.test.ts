import { ApiError, getApi, isApiError } from '../api';
import { deferred, mockApi } from './mock-api';

describe('mockApi', () => {
  it('answers the client by method and path pattern and records the requests', async () => {
    const api = mockApi({
      'GET /products/:id/details': ({ params }) => ({ id: Number(params.id) }),
      'POST /comments': ({ body }) => ({ id: 1, ...(body as object) }),
    });
    await expect(getApi().get('/products/12/details')).resolves.toEqual({ id: 12 });
    await expect(getApi().post('/comments', { body: { comment: 'Kas on vaba?' } })).resolves.toEqual({ id: 1, comment: 'Kas on vaba?' });
    expect(api.requests('POST /comments').map((r) => r.body)).toEqual([{ comment: 'Kas on vaba?' }]);
    expect(api.get).toHaveBeenCalledTimes(1);
  });

  it('fails an unmocked call with 404 and passes on thrown ApiErrors', async () => {
    const api = mockApi();
    await expect(getApi().get('/nowhere')).rejects.toMatchObject({ status: 404, code: 'NO_MOCK' });
    api.on({
      'GET /feedback/:id': () => {
        throw new ApiError({ status: 403, code: 'FORBIDDEN', message: 'Ei' });
      },
    });
    const error = await getApi()
      .get('/feedback/1')
      .catch((e: unknown) => e);
    expect(isApiError(error, 'FORBIDDEN')).toBe(true);
  });

  it('lets a test decide when a slow answer arrives', async () => {
    const slow = deferred<number>();
    mockApi({ 'GET /slow': () => slow.promise });
    const call = getApi().get('/slow');
    slow.resolve(7);
    await expect(call).resolves.toBe(7);
  });
});
