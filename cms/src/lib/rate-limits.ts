/**
 * Counters that slow down password guessing and mass sign-ups, on rate-limiter-flexible:
 * in process memory by default, in Redis when REDIS_URL is set (so several CMS instances
 * share one count). Every limit is a window, never a permanent lockout.
 */
import type { Core } from '@strapi/strapi';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
import { createClient } from 'redis';
import { ApiError } from './errors';
import { redisPrefix } from './redis';

export type Limit = { points: number; durationSeconds: number };

export type Limiter = {
  readonly limit: Limit;
  /** Milliseconds until `key` may be used again, or 0 while it is under its limit. */
  blockedFor(key: string): Promise<number>;
  /** Counts one use of `key` (or `points` of it); the milliseconds to wait when this use went over the limit, else 0. */
  hit(key: string, points?: number): Promise<number>;
  /** Gives one use back (an attempt that turned out not to count). */
  giveBack(key: string): Promise<void>;
  /** Forgets every use of `key`. */
  reset(key: string): Promise<void>;
};

/** A positive integer from the environment, or the default (with a warning) when it is not one. */
export function envLimit(strapi: Core.Strapi, name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (Number.isSafeInteger(value) && value > 0) return value;
  strapi.log.warn(`[account] ${name}=${raw} is not a positive integer; using ${fallback}`);
  return fallback;
}

/** The subset of node-redis the limiter store drives; node-redis' generics do not survive a ReturnType. */
type RedisClient = { connect(): Promise<unknown>; unref(): void; on(event: 'error', listener: (error: Error) => void): unknown };
const redisClients = new WeakMap<Core.Strapi, { client: RedisClient; connected: Promise<boolean> }>();

/** One Redis connection per CMS for every limiter; unref'd so it never holds the process open. */
function redisClient(strapi: Core.Strapi, url: string): RedisClient {
  const existing = redisClients.get(strapi);
  if (existing) return existing.client;
  const client = createClient({ url, disableOfflineQueue: true }) as unknown as RedisClient;
  let lastMessage = '';
  client.on('error', (error: Error) => {
    if (error.message === lastMessage) return;
    lastMessage = error.message;
    strapi.log.warn(`[account] Redis for rate limits: ${error.message}; counting in memory meanwhile`);
  });
  const connected = client.connect().then(
    () => {
      client.unref();
      return true;
    },
    (error: Error) => {
      strapi.log.warn(`[account] Redis for rate limits unreachable: ${error.message}`);
      return false;
    },
  );
  redisClients.set(strapi, { client, connected });
  return client;
}

/** Resolves once the shared Redis connection is up (true) or has failed (false); true without REDIS_URL. */
export function rateLimitStoreReady(strapi: Core.Strapi): Promise<boolean> {
  return redisClients.get(strapi)?.connected ?? Promise.resolve(true);
}

function isLimitAnswer(value: unknown): value is RateLimiterRes {
  return typeof value === 'object' && value !== null && 'msBeforeNext' in value && !(value instanceof Error);
}

/** A named limiter; `name` keeps the keys of different limiters apart in a shared store. */
export function createLimiter(strapi: Core.Strapi, name: string, limit: Limit): Limiter {
  const options = { keyPrefix: `${redisPrefix()}${name}`, points: limit.points, duration: limit.durationSeconds };
  const memory = new RateLimiterMemory(options);
  const url = process.env.REDIS_URL?.trim();
  // When Redis is down the in-memory twin keeps counting rather than letting every attempt through.
  const store: RateLimiterAbstract = url
    ? new RateLimiterRedis({ ...options, storeClient: redisClient(strapi, url), useRedisPackage: true, rejectIfRedisNotReady: true, insuranceLimiter: memory })
    : memory;

  return {
    limit,
    async blockedFor(key) {
      const state = await store.get(key);
      return state && state.consumedPoints >= limit.points ? Math.max(state.msBeforeNext, 1) : 0;
    },
    async hit(key, points = 1) {
      try {
        await store.consume(key, points);
        return 0;
      } catch (answer) {
        if (isLimitAnswer(answer)) return Math.max(answer.msBeforeNext, 1);
        throw answer;
      }
    },
    async giveBack(key) {
      await store.reward(key, 1);
    },
    async reset(key) {
      await store.delete(key);
    },
  };
}

/** Whole seconds for a Retry-After header (at least 1). */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** 429 TOO_MANY_REQUESTS with the wait in seconds (`retryAfter`), which the controller also sends as Retry-After. */
export function rateLimited(ms: number): ApiError {
  return new ApiError(429, 'TOO_MANY_REQUESTS', undefined, { retryAfter: retryAfterSeconds(ms) });
}
