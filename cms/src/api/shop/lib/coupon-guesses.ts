/**
 * Coupon codes are the only thing between a visitor and a discount (ADR 154), so guessing them
 * is limited: a look-up or an order naming a code that gives nothing counts one miss for the
 * client address (ADR 158) and, when signed in, for the account. Past either limit, calls that
 * name a code wait (429 TOO_MANY_REQUESTS with Retry-After) until the window passes. A code that
 * works counts nothing, so an honest buyer who mistypes once or twice never notices.
 */
import type { Core } from '@strapi/strapi';
import { clientAddress } from '../../../http/client-address';
import { ApiError } from '../../../lib/errors';
import { createLimiter, envLimit, rateLimited, type Limiter } from '../../../lib/rate-limits';

/** Answers that mean "this code gives you nothing": unknown, or known but not for this buyer now. */
const MISS_CODES = new Set(['NOT_FOUND', 'COUPON_NOT_AVAILABLE']);

type Limiters = { address: Limiter; account: Limiter };
const limiters = new WeakMap<Core.Strapi, Limiters>();

function limitersOf(strapi: Core.Strapi): Limiters {
  let existing = limiters.get(strapi);
  if (!existing) {
    const durationSeconds = envLimit(strapi, 'COUPON_CODE_MISS_WINDOW_SECONDS', 900);
    existing = {
      address: createLimiter(strapi, 'coupon-miss-address', { points: envLimit(strapi, 'COUPON_CODE_MISSES_PER_ADDRESS', 20), durationSeconds }),
      account: createLimiter(strapi, 'coupon-miss-account', { points: envLimit(strapi, 'COUPON_CODE_MISSES_PER_ACCOUNT', 20), durationSeconds }),
    };
    limiters.set(strapi, existing);
  }
  return existing;
}

type KoaCtx = { set(name: string, value: string): void };

/**
 * Runs `work` (a look-up or an order that names a coupon code): refused at once while this
 * address or account is over its misses, and a miss counted when `work` answers that the code
 * gives nothing.
 */
export async function guardCouponGuess<T>(strapi: Core.Strapi, ctx: KoaCtx, accountId: number | null, work: () => Promise<T>): Promise<T> {
  const { address, account } = limitersOf(strapi);
  const addressKey = clientAddress(ctx);
  const accountKey = accountId === null ? null : String(accountId);
  const wait = Math.max(await address.blockedFor(addressKey), accountKey ? await account.blockedFor(accountKey) : 0);
  if (wait > 0) throw withRetryAfter(ctx, rateLimited(wait));
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && MISS_CODES.has(error.code)) {
      await address.hit(addressKey);
      if (accountKey) await account.hit(accountKey);
    }
    throw error;
  }
}

function withRetryAfter(ctx: KoaCtx, error: ApiError): ApiError {
  if (typeof error.details.retryAfter === 'number') ctx.set('Retry-After', String(error.details.retryAfter));
  return error;
}
