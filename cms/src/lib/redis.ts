/**
 * One Redis connection per CMS for what several instances share beyond the database: the
 * page-cache purge (published to every storefront) and the scheduled jobs' locks. Opened on
 * first use when REDIS_URL is set, unref'd so it never holds the process open. Keys and
 * channels start with REDIS_PREFIX (default `sala:`), so two shops can share one Redis:
 * channels are not split by the database number in the URL, keys are.
 */
import type { Core } from '@strapi/strapi';
import { createClient } from 'redis';

/** The subset of node-redis used here; node-redis' generics do not survive a ReturnType. */
export type SharedRedis = {
  set(key: string, value: string, options: { NX: true; PX: number }): Promise<string | null>;
  publish(channel: string, message: string): Promise<number>;
  ping(): Promise<string>;
};

type Client = SharedRedis & { connect(): Promise<unknown>; unref(): void; on(event: 'error', listener: (error: Error) => void): unknown };

const clients = new WeakMap<Core.Strapi, Promise<SharedRedis | null>>();

export function redisUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.REDIS_URL?.trim() || null;
}

export function redisPrefix(env: NodeJS.ProcessEnv = process.env): string {
  return env.REDIS_PREFIX?.trim() || 'sala:';
}

/** The connected client, or null without REDIS_URL or when Redis did not answer (said in the log). */
export function sharedRedis(strapi: Core.Strapi): Promise<SharedRedis | null> {
  const url = redisUrl();
  if (!url) return Promise.resolve(null);
  let connected = clients.get(strapi);
  if (!connected) {
    const client = createClient({ url, disableOfflineQueue: true }) as unknown as Client;
    let lastMessage = '';
    client.on('error', (error: Error) => {
      if (error.message === lastMessage) return;
      lastMessage = error.message;
      strapi.log.warn(`[redis] ${error.message}`);
    });
    connected = client.connect().then(
      () => {
        client.unref();
        return client;
      },
      (error: Error) => {
        strapi.log.warn(`[redis] unreachable at REDIS_URL: ${error.message}`);
        clients.delete(strapi); // the next use tries again
        return null;
      },
    );
    clients.set(strapi, connected);
  }
  return connected;
}
