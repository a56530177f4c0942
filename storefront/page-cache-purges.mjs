/**
 * Purges of the page cache published by the CMS through Redis
 * (docs/decisions/192-page-cache-purge-through-redis.md): with REDIS_URL set, the server
 * subscribes on boot to `<REDIS_PREFIX>page-cache:purge` (REDIS_PREFIX defaults to `sala:`,
 * as in the CMS) and empties its cache on every message, so one editor's change reaches every
 * storefront however many run. A message carries nothing the server reads: it only says
 * "purge". When Redis is unreachable the server still starts and says so; node-redis
 * reconnects and subscribes again by itself, and cached pages expire on their own meanwhile.
 */
import { createClient } from 'redis';

/**
 * The Redis URL and channel of purges, or null without REDIS_URL.
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ url: string, channel: string } | null}
 */
export function purgeChannel(env = process.env) {
  const url = env.REDIS_URL?.trim();
  if (!url) return null;
  return { url, channel: `${env.REDIS_PREFIX?.trim() || 'sala:'}page-cache:purge` };
}

/**
 * Subscribes `onPurge` to the channel; resolves with the client (or null without REDIS_URL) once subscribed or failed.
 * @param {{ env?: Record<string, string | undefined>, onPurge: () => unknown, log?: { warn: (message: string) => void } }} options
 */
export async function subscribeToPurges({ env = process.env, onPurge, log = console }) {
  const target = purgeChannel(env);
  if (!target) return null;
  const client = createClient({ url: target.url });
  let lastMessage = '';
  client.on('error', (error) => {
    if (error.message === lastMessage) return;
    lastMessage = error.message;
    log.warn(`[page cache] Redis for purges: ${error.message}`);
  });
  try {
    await client.connect();
    await client.subscribe(target.channel, () => onPurge());
    client.unref();
  } catch (error) {
    log.warn(`[page cache] not subscribed to purges at REDIS_URL: ${error.message}; cached pages expire on their own`);
  }
  return client;
}
