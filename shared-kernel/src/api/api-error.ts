/** Codes the client itself produces; anything else comes from the server's error body. */
export type ClientErrorCode = 'TIMEOUT' | 'NETWORK_ERROR' | 'ABORTED' | 'INVALID_RESPONSE';

export interface ApiErrorInit {
  status: number;
  code: string;
  codes?: string[];
  message: string;
  body?: unknown;
  cause?: unknown;
}

/**
 * Every failure of the API client. `status` is 0 when no HTTP answer arrived (timeout, network,
 * abort). `code` is the server's first error code (`HTTP_<status>` when the body had none);
 * `codes` holds all of them.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly codes: string[];
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.codes = init.codes && init.codes.length > 0 ? init.codes : [init.code];
    this.body = init.body;
  }
}

/** True for an ApiError (optionally with the given code), also one thrown by another kernel copy. */
export function isApiError(error: unknown, code?: string): error is ApiError {
  // Duck-typed because a second kernel copy (version skew) has its own ApiError class.
  const candidate = error as Partial<ApiError> | null;
  const looksLikeOne =
    error instanceof ApiError ||
    (typeof candidate === 'object' && candidate !== null && candidate.name === 'ApiError' && typeof candidate.code === 'string');
  return looksLikeOne && (code === undefined || (candidate as ApiError).code === code);
}
