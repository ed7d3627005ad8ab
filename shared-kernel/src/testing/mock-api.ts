import { matchPath } from 'shared-kernel/router';
import { ApiError, configureApi, type ApiClient, type QueryParams } from 'shared-kernel/api';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** `'GET /products/:id/details'`: a method and a react-router path pattern. */
export type MockApiRoute = `${Method} /${string}`;

export interface MockApiRequest {
  method: Method;
  path: string;
  params: Record<string, string | undefined>;
  query: QueryParams | undefined;
  body: unknown;
  signal: AbortSignal | undefined;
}

/** Returns the answer (or a promise of it); throwing an ApiError answers with that failure. */
export type MockApiHandler = (request: MockApiRequest) => unknown;
export type MockApiRoutes = Partial<Record<MockApiRoute, MockApiHandler>>;

export interface MockedApi {
  get: jest.SpiedFunction<ApiClient['get']>;
  post: jest.SpiedFunction<ApiClient['post']>;
  put: jest.SpiedFunction<ApiClient['put']>;
  delete: jest.SpiedFunction<ApiClient['delete']>;
  /** Adds routes, replacing those with the same pattern. */
  on: (routes: MockApiRoutes) => void;
  /** The requests that reached one route, in order. */
  requests: (route: MockApiRoute) => MockApiRequest[];
}

/**
 * Answers the kernel API client's calls from a route table, one level below the slices' `api/*.ts`
 * calls, so a test runs the same query options and mutations the app does. A call without a route
 * fails with 404 `NO_MOCK` (the component's error path shows it).
 */
export function mockApi(routes: MockApiRoutes = {}): MockedApi {
  const table = new Map<MockApiRoute, MockApiHandler>();
  const log: { route: MockApiRoute; request: MockApiRequest }[] = [];
  const client = configureApi({ baseUrl: '/api' });

  function answer(method: Method) {
    return (async (path: string, options: { query?: QueryParams; body?: unknown; signal?: AbortSignal } = {}) => {
      for (const [route, handler] of table) {
        const [routeMethod, pattern] = route.split(' ') as [Method, string];
        if (routeMethod !== method) continue;
        const match = matchPath({ path: pattern, end: true }, path);
        if (!match) continue;
        const request: MockApiRequest = {
          method,
          path,
          params: match.params,
          query: options.query,
          body: options.body,
          signal: options.signal,
        };
        log.push({ route, request });
        return await handler(request);
      }
      throw new ApiError({ status: 404, code: 'NO_MOCK', message: `No mock for ${method} ${path}` });
    }) as ApiClient['get'];
  }

  const mocked: MockedApi = {
    get: jest.spyOn(client, 'get').mockImplementation(answer('GET')),
    post: jest.spyOn(client, 'post').mockImplementation(answer('POST')),
    put: jest.spyOn(client, 'put').mockImplementation(answer('PUT')),
    delete: jest.spyOn(client, 'delete').mockImplementation(answer('DELETE')),
    on: (more) => {
      for (const [route, handler] of Object.entries(more) as [MockApiRoute, MockApiHandler][]) table.set(route, handler);
    },
    requests: (route) => log.filter((entry) => entry.route === route).map((entry) => entry.request),
  };
  mocked.on(routes);
  return mocked;
}

/** A promise the test settles when it wants: for slow answers and races. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
