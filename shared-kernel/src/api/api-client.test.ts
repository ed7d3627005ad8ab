import { z } from 'shared-kernel/zod';
import { on } from '../events';
import { ApiError, buildQuery, configureApi, createApiClient, getApi, isApiError } from './index';

interface FakeResponseInit {
  status?: number;
  body?: unknown;
  statusText?: string;
}

function fakeResponse({ status = 200, body, statusText = '' }: FakeResponseInit = {}): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => text,
    blob: async () => new Blob([text]),
  } as unknown as Response;
}

function fetchReturning(...responses: FakeResponseInit[]) {
  const queue = [...responses];
  return jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => fakeResponse(queue.shift() ?? {}));
}

/** Never answers; rejects like a real fetch when its signal aborts. */
function hangingFetch() {
  return jest.fn(
    (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
}

afterEach(() => {
  jest.useRealTimers();
});

describe('request building', () => {
  it('repeats arrays and skips null/undefined in the query', () => {
    expect(buildQuery({ a: [1, 2], b: undefined, c: null, d: 'x y', e: false })).toBe('?a=1&a=2&d=x+y&e=false');
    expect(buildQuery({ a: [] })).toBe('');
  });

  it('sends credentials, JSON body and headers to baseUrl + path', async () => {
    const fetch = fetchReturning({ body: { id: 1 } });
    const api = createApiClient({ baseUrl: 'http://x/api/', fetch });
    await expect(api.post('/login', { body: { username: 'u', password: 'p' }, query: { s: ['A', 'B'] } })).resolves.toEqual({ id: 1 });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('http://x/api/login?s=A&s=B');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"username":"u","password":"p"}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('passes FormData through untouched, without a JSON content type', async () => {
    const fetch = fetchReturning({ body: ['a.png'] });
    const form = new FormData();
    form.append('files', new Blob(['x']), 'a.png');
    await createApiClient({ baseUrl: '/api', fetch }).post('/file-upload/images', { body: form });
    const init = fetch.mock.calls[0][1];
    expect(init?.body).toBe(form);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});

describe('responses', () => {
  it('returns undefined for an empty body, text and blob when asked', async () => {
    const fetch = fetchReturning({ status: 204 }, { body: 'plain' }, { body: 'pdf-bytes' });
    const api = createApiClient({ baseUrl: '/api', fetch });
    await expect(api.put('/x')).resolves.toBeUndefined();
    await expect(api.get('/y', { responseType: 'text' })).resolves.toBe('plain');
    const blob = await api.get<Blob>('/z', { responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
  });

  it('validates with a schema and types the result', async () => {
    const schema = z.object({ id: z.number() });
    const api = createApiClient({ baseUrl: '/api', fetch: fetchReturning({ body: { id: 3, extra: 1 } }, { body: { id: 'x' } }) });
    const ok = await api.get('/a', { schema });
    expect(ok.id).toBe(3);
    const error = await api.get('/b', { schema }).catch((e: unknown) => e);
    expect(isApiError(error, 'INVALID_RESPONSE')).toBe(true);
  });

  it('reads a JSON null answer as null, which a nullable schema accepts (GET /users/session when signed out)', async () => {
    const schema = z.object({ id: z.number() }).nullable();
    const api = createApiClient({ baseUrl: '/api', fetch: fetchReturning({ body: 'null' }, { body: { id: 1 } }) });
    await expect(api.get('/users/session', { schema })).resolves.toBeNull();
    await expect(api.get('/users/session', { schema })).resolves.toEqual({ id: 1 });
  });

  it('raises an ApiError carrying the server error body', async () => {
    const body = { statusCode: 409, code: 'UNAVAILABLE', message: 'Taken', codes: ['UNAVAILABLE', 'IS_VACATION_DAY'] };
    const api = createApiClient({ baseUrl: '/api', fetch: fetchReturning({ status: 409, body }) });
    const error = (await api.post('/reservations/product/1').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'UNAVAILABLE', codes: ['UNAVAILABLE', 'IS_VACATION_DAY'], message: 'Taken', body });
  });

  it('takes the first of codes when code is missing, and HTTP_<status> when both are', async () => {
    const api = createApiClient({
      baseUrl: '/api',
      fetch: fetchReturning(
        { status: 400, body: { statusCode: 400, codes: ['SELF_PRODUCT'] } },
        { status: 502, body: '<html>bad gateway</html>', statusText: 'Bad Gateway' },
      ),
    });
    await expect(api.get('/a')).rejects.toMatchObject({ code: 'SELF_PRODUCT', codes: ['SELF_PRODUCT'] });
    await expect(api.get('/b')).rejects.toMatchObject({ status: 502, code: 'HTTP_502', codes: ['HTTP_502'] });
  });
});

describe('failures without an answer', () => {
  it('times out after 15 s with code TIMEOUT', async () => {
    jest.useFakeTimers();
    const api = createApiClient({ baseUrl: '/api', fetch: hangingFetch() });
    const pending = api.get('/slow').catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(14_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ name: 'ApiError', code: 'TIMEOUT', status: 0, message: 'Server ei vastanud õigel ajal. Proovi uuesti.' });
  });

  it('honours a per-call timeout', async () => {
    jest.useFakeTimers();
    const api = createApiClient({ baseUrl: '/api', fetch: hangingFetch(), timeoutMs: 1000 });
    let settled = false;
    const pending = api.get('/slow', { timeoutMs: 300_000 }).catch((e: unknown) => e);
    void pending.then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(299_999);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ code: 'TIMEOUT' });
  });

  it('maps a rejected fetch to NETWORK_ERROR', async () => {
    const api = createApiClient({ baseUrl: '/api', fetch: jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) });
    await expect(api.get('/a')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });

  it('maps a caller abort to ABORTED, not TIMEOUT', async () => {
    const api = createApiClient({ baseUrl: '/api', fetch: hangingFetch() });
    const controller = new AbortController();
    const pending = api.get('/a', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'ABORTED' });
  });
});

describe('403 alert', () => {
  it('shows one alert 2.5 s after a burst of 403s', async () => {
    jest.useFakeTimers();
    const notices = jest.fn();
    const off = on('notice', notices);
    const api = createApiClient({ baseUrl: '/api', fetch: fetchReturning({ status: 403 }, { status: 403 }, { status: 403 }) });
    await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')].map((p) => p.catch((e: unknown) => e)));
    await jest.advanceTimersByTimeAsync(2_499);
    expect(notices).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(notices).toHaveBeenCalledTimes(1);
    expect(notices.mock.calls[0][0]).toEqual({ type: 'error', message: 'Õigused puuduvad, või on session aegunud', durationMs: 3000 });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(notices).toHaveBeenCalledTimes(1);
    off();
  });

  it('calls onForbidden instead when given, and not for other statuses', async () => {
    jest.useFakeTimers();
    const onForbidden = jest.fn();
    const api = createApiClient({ baseUrl: '/api', fetch: fetchReturning({ status: 401 }, { status: 403 }), onForbidden });
    await api.get('/a').catch(() => undefined);
    await jest.advanceTimersByTimeAsync(3_000);
    expect(onForbidden).not.toHaveBeenCalled();
    await api.get('/b').catch(() => undefined);
    await jest.advanceTimersByTimeAsync(2_500);
    expect(onForbidden).toHaveBeenCalledTimes(1);
  });

  it('stays quiet for a call whose caller shows the refusal itself (forbiddenAlert: false), still rejecting with the code', async () => {
    jest.useFakeTimers();
    const notices = jest.fn();
    const off = on('notice', notices);
    const api = createApiClient({
      baseUrl: '/api',
      fetch: fetchReturning({ status: 403, body: { code: 'NO_FEEDBACK_RIGHTS', message: 'User has no rights for feedback.' } }),
    });
    await expect(api.post('/feedback', { body: {}, forbiddenAlert: false })).rejects.toMatchObject({
      status: 403,
      code: 'NO_FEEDBACK_RIGHTS',
      message: 'User has no rights for feedback.',
    });
    await jest.advanceTimersByTimeAsync(5_000);
    expect(notices).not.toHaveBeenCalled();
    off();
  });
});

describe('default client', () => {
  it('uses /api until configured', async () => {
    const fetch = fetchReturning({ body: 1 }, { body: 2 });
    configureApi({ fetch });
    expect(getApi().baseUrl).toBe('/api');
    await getApi().get('/users/session');
    expect(fetch.mock.calls[0][0]).toBe('/api/users/session');
    configureApi({ baseUrl: 'https://api.example', fetch });
    await getApi().get('x');
    expect(fetch.mock.calls[1][0]).toBe('https://api.example/x');
  });
});
