import type { z } from 'shared-kernel/zod';
import type { Guard } from '../guards/checks';
import { emit } from '../events/event-bus';
import { messages } from 'shared-kernel/messages';
import { TIMINGS } from '../domain/constants';
import { ApiError } from './api-error';

export type QueryValue = string | number | boolean | Date | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;
export type ResponseType = 'json' | 'blob' | 'text';

/** A zod schema, or a kernel guard that decides as one (for answers read before the page has zod). */
export type ResponseSchema = z.ZodType | Guard<unknown>;

export interface RequestOptions<S extends ResponseSchema = ResponseSchema> {
  query?: QueryParams;
  /** Plain values are sent as JSON; FormData, Blob and URLSearchParams as they are. */
  body?: unknown;
  signal?: AbortSignal;
  responseType?: ResponseType;
  /** Validates (and types) the JSON answer; a mismatch raises ApiError `INVALID_RESPONSE`. */
  schema?: S;
  headers?: Record<string, string>;
  /** Overrides the client's timeout for this call (file uploads use 300 s). */
  timeoutMs?: number;
  /**
   * `false` when the caller shows the server's own refusal for a 403 (for example 'User has no
   * rights for feedback.'): the spec's global alert 'Õigused puuduvad, või on session aegunud'
   * would then be a second, misleading message for the same failure. Default: the alert shows.
   */
  forbiddenAlert?: boolean;
}

type Result<S, T> = S extends z.ZodType ? z.output<S> : S extends Guard<infer G> ? G : T;

export interface ApiClient {
  readonly baseUrl: string;
  get<T = unknown, S extends ResponseSchema | undefined = undefined>(path: string, options?: RequestOptionsOf<S>): Promise<Result<S, T>>;
  post<T = unknown, S extends ResponseSchema | undefined = undefined>(path: string, options?: RequestOptionsOf<S>): Promise<Result<S, T>>;
  put<T = unknown, S extends ResponseSchema | undefined = undefined>(path: string, options?: RequestOptionsOf<S>): Promise<Result<S, T>>;
  delete<T = unknown, S extends ResponseSchema | undefined = undefined>(path: string, options?: RequestOptionsOf<S>): Promise<Result<S, T>>;
}

export type RequestOptionsOf<S> = Omit<RequestOptions, 'schema'> & { schema?: S };

export interface ApiClientConfig {
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /**
   * Called (debounced, 2.5 s after a 403) instead of the default alert notice
   * 'Õigused puuduvad, või on session aegunud'.
   */
  onForbidden?: () => void;
}

/** Repeats array parameters (`a=1&a=2`) and skips null/undefined, as the server expects. */
export function buildQuery(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  const add = (key: string, value: QueryValue) => {
    if (value === null || value === undefined) return;
    params.append(key, value instanceof Date ? value.toISOString() : String(value));
  };
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) value.forEach((item: QueryValue) => add(key, item));
    else add(key, value as QueryValue);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function joinUrl(baseUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

// One pending alert per kernel copy, so a burst of 403s (a page firing several calls) shows one.
let forbiddenTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleForbiddenAlert(onForbidden: (() => void) | undefined): void {
  if (forbiddenTimer !== undefined) return;
  forbiddenTimer = setTimeout(() => {
    forbiddenTimer = undefined;
    if (onForbidden) onForbidden();
    else emit('notice', { type: 'error', message: messages.common.forbidden, durationMs: TIMINGS.noticeAutoHideMs });
  }, TIMINGS.forbiddenAlertDelayMs);
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer
  );
}

interface ServerErrorBody {
  statusCode?: unknown;
  code?: unknown;
  message?: unknown;
  codes?: unknown;
}

function errorFromResponse(status: number, statusText: string, body: unknown): ApiError {
  const shaped = (typeof body === 'object' && body !== null ? body : {}) as ServerErrorBody;
  const codes = Array.isArray(shaped.codes) ? shaped.codes.filter((c): c is string => typeof c === 'string') : [];
  const code = typeof shaped.code === 'string' && shaped.code !== '' ? shaped.code : (codes[0] ?? `HTTP_${status}`);
  const message =
    typeof shaped.message === 'string' && shaped.message !== ''
      ? shaped.message
      : typeof body === 'string' && body !== '' && body.length < 500
        ? body
        : statusText || `HTTP ${status}`;
  return new ApiError({ status, code, codes: codes.length > 0 ? codes : [code], message, body });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const TIMEOUT = Symbol('timeout');

export function createApiClient(config: ApiClientConfig): ApiClient {
  const doFetch = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const defaultTimeout = config.timeoutMs ?? TIMINGS.requestTimeoutMs;

  async function request(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
    const url = joinUrl(config.baseUrl, path) + buildQuery(options.query);
    const headers: Record<string, string> = {
      Accept: options.responseType === 'blob' ? '*/*' : 'application/json',
      // A custom header cannot be sent cross-site without a CORS preflight, so the API can use it
      // as a cheap CSRF guard on state-changing calls.
      'X-Requested-With': 'rendime',
      ...options.headers,
    };
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (isRawBody(options.body)) body = options.body;
      else {
        body = JSON.stringify(options.body);
        headers['Content-Type'] ??= 'application/json';
      }
    }

    const controller = new AbortController();
    const onCallerAbort = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) onCallerAbort();
    else options.signal?.addEventListener('abort', onCallerAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(TIMEOUT);
    }, options.timeoutMs ?? defaultTimeout);

    try {
      let response: Response;
      try {
        response = await doFetch(url, { method, headers, body, credentials: 'include', signal: controller.signal });
      } catch (cause) {
        throw clientError(cause);
      }

      if (!response.ok) {
        const errorBody = await readBody(response).catch(() => undefined);
        if (response.status === 403 && options.forbiddenAlert !== false) scheduleForbiddenAlert(config.onForbidden);
        throw errorFromResponse(response.status, response.statusText, errorBody);
      }

      let data: unknown;
      try {
        if (options.responseType === 'blob') return await response.blob();
        if (options.responseType === 'text') return await response.text();
        data = await readBody(response);
      } catch (cause) {
        throw clientError(cause);
      }
      if (options.schema) {
        const parsed = options.schema.safeParse(data);
        if (!parsed.success) {
          throw new ApiError({
            status: response.status,
            code: 'INVALID_RESPONSE',
            message: messages.common.unexpectedResponse,
            body: data,
            cause: parsed.error,
          });
        }
        return parsed.data;
      }
      return data;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }

    function clientError(cause: unknown): ApiError {
      if (cause instanceof ApiError) return cause;
      if (timedOut) return new ApiError({ status: 0, code: 'TIMEOUT', message: messages.common.timeout, cause });
      if (options.signal?.aborted) return new ApiError({ status: 0, code: 'ABORTED', message: 'Aborted', cause });
      return new ApiError({ status: 0, code: 'NETWORK_ERROR', message: messages.common.networkError, cause });
    }
  }

  const method = (name: string) => ((path: string, options?: RequestOptions) => request(name, path, options)) as ApiClient['get'];

  return {
    baseUrl: config.baseUrl,
    get: method('GET'),
    post: method('POST'),
    put: method('PUT'),
    delete: method('DELETE'),
  };
}

export const DEFAULT_BASE_URL = '/api';

let defaultClient: ApiClient | undefined;

/** (Re)configures the shared client every slice gets from `getApi()`. */
export function configureApi(config: Partial<ApiClientConfig> = {}): ApiClient {
  defaultClient = createApiClient({ ...config, baseUrl: config.baseUrl ?? DEFAULT_BASE_URL });
  return defaultClient;
}

/** The shared client; base URL `/api` unless `configureApi` said otherwise. */
export function getApi(): ApiClient {
  return defaultClient ?? configureApi();
}
