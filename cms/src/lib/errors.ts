/**
 * The one error shape every custom route answers with:
 * `{ success: false, error: { code, msg } }`, 4xx for anything the caller can fix.
 */
export type ApiErrorBody = {
  success: false;
  error: { code: string; msg: string; requestId?: string; [extra: string]: unknown };
};

/** Thrown by services and controllers for a business failure the caller can act on. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message?: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message ?? code);
    this.name = 'ApiError';
  }
}

export const badRequest = (code: string, message?: string, details?: Record<string, unknown>) => new ApiError(400, code, message, details);
export const unauthorized = (code = 'PERMISSION_DENIED', message?: string) => new ApiError(401, code, message);
export const forbidden = (code = 'PERMISSION_DENIED', message?: string) => new ApiError(403, code, message);
export const notFound = (code = 'NOT_FOUND', message?: string) => new ApiError(404, code, message);
export const conflict = (code: string, message?: string, details?: Record<string, unknown>) => new ApiError(409, code, message, details);
export const tooManyRequests = (message?: string) => new ApiError(429, 'TOO_MANY_REQUESTS', message);
