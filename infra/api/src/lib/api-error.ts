import { messages } from 'shared-kernel/messages';
import type { ApiErrorBody } from 'shared-kernel/schemas';

/** A refusal the client should see as-is: HTTP status + the spec's error code(s). */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly codes: string[];

  constructor(statusCode: number, code: string, message: string, extraCodes: string[] = []) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.codes = [code, ...extraCodes.filter((c) => c !== code)];
  }

  toBody(): ApiErrorBody {
    return { statusCode: this.statusCode, code: this.code, message: this.message, codes: this.codes };
  }
}

export const notFound = (what: string = messages.errors.request.notFound) => new ApiError(404, 'NOT_FOUND', what);
export const unauthorized = () => new ApiError(401, 'UNAUTHORIZED', messages.errors.request.notSignedIn);
export const validationError = (message: string) => new ApiError(400, 'VALIDATION_ERROR', message);
/**
 * Sign-in (password or Google) of an account the platform suspended. Its own code, not FORBIDDEN,
 * so the sign-in page can say 'Konto on peatatud' instead of blaming the password.
 */
export const accountSuspended = () => new ApiError(403, 'ACCOUNT_SUSPENDED', messages.errors.login.suspended);
