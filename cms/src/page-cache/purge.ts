/**
 * Empties the storefronts' anonymous page caches when content changes
 * (docs/decisions/130-anonymous-page-cache.md, 192-page-cache-purge-through-redis.md): a
 * Document Service middleware that, after any write of a content type (`api::…`: courses,
 * plans, texts, settings, teachers, groups, sections, lectures, products, promotions…):
 * - with REDIS_URL, publishes on the channel `<REDIS_PREFIX>page-cache:purge`, which every
 *   storefront started with the same REDIS_URL and REDIS_PREFIX listens to (however many run);
 * - posts to each URL of PAGE_CACHE_PURGE_URLS with the shared PAGE_CACHE_SECRET (setups
 *   without Redis; both may be set).
 * Writes close together are sent as one purge. A storefront or Redis that cannot be reached is
 * logged, never an error for the editor (cached pages expire by themselves within seconds).
 */
import type { Core } from '@strapi/strapi';
import { redisPrefix, redisUrl, sharedRedis } from '../lib/redis';

const WRITE_ACTIONS = new Set(['create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft']);
/** Writes within this many milliseconds are one purge. */
const COALESCE_MS = 100;
const TIMEOUT_MS = 3000;

export function purgeTargets(env: NodeJS.ProcessEnv = process.env): { urls: string[]; secret: string } | null {
  const secret = env.PAGE_CACHE_SECRET ?? '';
  const urls = (env.PAGE_CACHE_PURGE_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  return secret && urls.length > 0 ? { urls, secret } : null;
}

/** The pub/sub channel of purges; storefront/server.mjs subscribes to the same name. */
export function purgeChannel(env: NodeJS.ProcessEnv = process.env): string | null {
  return redisUrl(env) ? `${redisPrefix(env)}page-cache:purge` : null;
}

/** Call from register(). */
export function registerPagePurge(strapi: Core.Strapi): void {
  const targets = purgeTargets();
  const channel = purgeChannel();
  if (!targets && !channel) return;
  const urls = targets?.urls ?? [];
  const secret = targets?.secret ?? '';
  let timer: NodeJS.Timeout | null = null;

  const publish = async (): Promise<void> => {
    if (!channel) return;
    try {
      const redis = await sharedRedis(strapi);
      if (redis) await redis.publish(channel, JSON.stringify({ at: Date.now() }));
    } catch (error) {
      strapi.log.warn(`[page cache] purge through Redis failed: ${(error as Error).message}`);
    }
  };

  const send = (): Promise<void> =>
    Promise.all([
      publish(),
      ...urls.map((url) =>
        fetch(url, { method: 'POST', headers: { 'x-sala-purge-secret': secret }, signal: AbortSignal.timeout(TIMEOUT_MS) })
          .then((res) => {
            if (!res.ok) strapi.log.warn(`[page cache] purge at ${url} answered ${res.status}`);
          })
          .catch((error: Error) => strapi.log.warn(`[page cache] purge at ${url} failed: ${error.message}`)),
      ),
    ]).then(() => undefined);

  strapi.documents.use(async (context, next) => {
    const result = await next();
    if (context.uid.startsWith('api::') && WRITE_ACTIONS.has(context.action)) {
      if (strapi.requestContext.get()) {
        // An editor's request answers once the storefront has dropped its copies, so the
        // next page view shows the change.
        await send();
      } else {
        // Writes outside a request (seeding, cron jobs) are sent together.
        timer ??= setTimeout(() => {
          timer = null;
          void send();
        }, COALESCE_MS);
      }
    }
    return result;
  });
}
