/** Passes a rate-limit answer's wait on as Retry-After before the envelope shapes the body. */
import { ApiError } from '../lib/errors';
import type { Ctx } from './ctx';

export async function withRetryAfter<T>(ctx: Ctx, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.status === 429 && typeof error.details.retryAfter === 'number') {
      ctx.set('Retry-After', String(error.details.retryAfter));
    }
    throw error;
  }
}
