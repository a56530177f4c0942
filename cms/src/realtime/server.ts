/**
 * The real-time channel: socket.io on its own HTTPS server (port 8443 by default),
 * beside Strapi's HTTP server in the same process. With REDIS_URL set, the Redis
 * adapter fans every emit out to the sockets of all CMS instances.
 */
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Core } from '@strapi/strapi';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { readRealtimeConfig, type RealtimeConfig } from './config';
import { handleSignIn } from './sign-in';
import { loadTlsCredentials, type TlsCredentials } from './tls';
import type { ContentKind } from './events';

/** What the channel keeps of a Redis client: enough to shut it down. */
type RedisConnection = { close: () => Promise<unknown>; destroy: () => void };

export type RealtimeChannel = {
  io: Server;
  server: https.Server;
  /** The bound port (REALTIME_PORT=0 picks a free one). */
  port: number;
  /** Where a client on this machine reaches the channel. */
  url: string;
  config: RealtimeConfig;
  tls: Pick<TlsCredentials, 'origin' | 'dir'>;
  /** True when emits fan out through Redis. */
  redis: boolean;
  /** Content kinds changed since the last content:updated flush. */
  pendingContent: Set<ContentKind>;
  contentTimer?: NodeJS.Timeout;
  close: () => Promise<void>;
};

/**
 * The channel hangs on its Strapi instance under a registry symbol rather than in a
 * module variable, so that every copy of this module (the compiled one Strapi
 * loads, a TypeScript one loaded by a test runner) finds the same channel.
 */
const CHANNEL = Symbol.for('sala.realtime.channel');
type WithChannel = { [CHANNEL]?: RealtimeChannel };
const channels = {
  get: (strapi: Core.Strapi) => (strapi as unknown as WithChannel)[CHANNEL],
  set: (strapi: Core.Strapi, channel: RealtimeChannel) => {
    (strapi as unknown as WithChannel)[CHANNEL] = channel;
  },
  delete: (strapi: Core.Strapi) => {
    delete (strapi as unknown as WithChannel)[CHANNEL];
  },
};
const REDIS_CONNECT_TIMEOUT_MS = 10_000;

/** The running channel of this Strapi instance, if any. */
export function getRealtimeChannel(strapi: Core.Strapi): RealtimeChannel | undefined {
  return channels.get(strapi);
}

function listen(server: https.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      const hint = error.code === 'EADDRINUSE' ? ' (set REALTIME_PORT to another port, or REALTIME_ENABLED=false)' : '';
      reject(new Error(`Real-time channel cannot listen on ${host}:${port}: ${error.message}${hint}`));
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** A Redis error repeats on every reconnect attempt; log it once per change or minute. */
function redisErrorLogger(strapi: Core.Strapi, name: string): (error: Error) => void {
  let last = '';
  let lastAt = 0;
  return (error) => {
    const message = error?.message || String(error);
    if (message === last && Date.now() - lastAt < 60_000) return;
    last = message;
    lastAt = Date.now();
    strapi.log.warn(`[realtime] Redis ${name} client: ${message}`);
  };
}

async function connectRedis(strapi: Core.Strapi, url: string) {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  pub.on('error', redisErrorLogger(strapi, 'publish'));
  sub.on('error', redisErrorLogger(strapi, 'subscribe'));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_CONNECT_TIMEOUT_MS} ms`)), REDIS_CONNECT_TIMEOUT_MS);
  });
  try {
    await Promise.race([Promise.all([pub.connect(), sub.connect()]), timeout]);
  } catch (error) {
    pub.destroy();
    sub.destroy();
    throw new Error(`Real-time channel cannot reach Redis at REDIS_URL: ${(error as Error).message}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
  return { pub, sub };
}

/** Answers the plain HTTPS requests: a page to accept the demo certificate on, and a health check. */
function answerPlainRequest(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void {
  // socket.io answers its own path before this handler is reached.
  if (res.headersSent || res.writableEnded) return;
  const path = (req.url ?? '/').split('?')[0];
  if (req.method === 'GET' && (path === '/' || path === '/_health')) {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Sala real-time channel: OK\n');
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Not found\n');
}

/**
 * Starts the channel unless REALTIME_ENABLED=false. Throws when it cannot listen,
 * when the TLS pair is unusable, or when REDIS_URL is set but Redis does not answer.
 */
export async function startRealtime(strapi: Core.Strapi, env: NodeJS.ProcessEnv = process.env): Promise<RealtimeChannel | null> {
  const existing = channels.get(strapi);
  if (existing) return existing;
  const config = readRealtimeConfig(env);
  if (!config.enabled) return null;

  const tls = await loadTlsCredentials({ cert: config.tlsCert, key: config.tlsKey, appDir: strapi.dirs.app.root });
  const server = https.createServer({ cert: tls.cert, key: tls.key }, answerPlainRequest);
  const io = new Server(server, {
    serveClient: false,
    cors: { origin: config.origins, methods: ['GET', 'POST'] },
    // CORS covers long-polling only; a browser's WebSocket handshake is checked here.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      callback(null, !origin || config.origins.includes(origin));
    },
  });

  let redis: { pub: RedisConnection; sub: RedisConnection } | undefined;
  try {
    if (config.redisUrl) {
      const clients = await connectRedis(strapi, config.redisUrl);
      redis = clients;
      io.adapter(createAdapter(clients.pub, clients.sub, { key: config.redisKey }));
    }
    io.on('connection', (socket) => handleSignIn(strapi, socket));
    const port = await listen(server, config.port, config.host);
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;

    const channel: RealtimeChannel = {
      io,
      server,
      port,
      url: `https://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`,
      config,
      tls: { origin: tls.origin, dir: tls.dir },
      redis: Boolean(redis),
      pendingContent: new Set(),
      async close() {
        channels.delete(strapi);
        clearTimeout(channel.contentTimer);
        channel.pendingContent.clear();
        await io.close();
        server.closeAllConnections();
        if (redis) await Promise.allSettled([redis.pub.close(), redis.sub.close()]);
      },
    };
    channels.set(strapi, channel);
    const certificate = tls.origin === 'self-signed' ? `self-signed certificate in ${tls.dir}` : 'certificate from REALTIME_TLS_CERT';
    strapi.log.info(`[realtime] listening on ${channel.url} (${certificate}; ${redis ? 'Redis fan-out' : 'single instance'})`);
    return channel;
  } catch (error) {
    await io.close().catch(() => undefined);
    if (redis) {
      redis.pub.destroy();
      redis.sub.destroy();
    }
    throw error;
  }
}

/** Closes the channel of this Strapi instance; nothing happens when none runs. */
export async function stopRealtime(strapi: Core.Strapi): Promise<void> {
  await channels.get(strapi)?.close();
}
