/** The real-time channel's settings, read from the environment at start. */

export type RealtimeConfig = {
  enabled: boolean;
  /** 0 binds a free port (tests); the bound one is on the running channel. */
  port: number;
  host: string;
  /** Browser origins allowed to open a socket. */
  origins: string[];
  /** PEM text or a file path; both or neither. */
  tlsCert?: string;
  tlsKey?: string;
  redisUrl?: string;
  /** Prefix of the Redis pub/sub channels, so that two deployments can share one Redis. */
  redisKey: string;
};

export const DEFAULT_REALTIME_PORT = 8443;
const DEFAULT_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'];

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function toOrigin(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    throw new Error(`STOREFRONT_URL must be a URL or a comma-separated list of URLs, got "${value}"`);
  }
}

export function readRealtimeConfig(env: NodeJS.ProcessEnv = process.env): RealtimeConfig {
  const rawPort = nonEmpty(env.REALTIME_PORT);
  const port = rawPort === undefined ? DEFAULT_REALTIME_PORT : Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`REALTIME_PORT must be a port number (0-65535), got "${rawPort}"`);
  }
  const tlsCert = nonEmpty(env.REALTIME_TLS_CERT);
  const tlsKey = nonEmpty(env.REALTIME_TLS_KEY);
  if (Boolean(tlsCert) !== Boolean(tlsKey)) {
    throw new Error('Set both REALTIME_TLS_CERT and REALTIME_TLS_KEY, or neither (a self-signed pair is then generated)');
  }
  const storefront = nonEmpty(env.STOREFRONT_URL);
  const origins = storefront
    ? storefront
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean)
        .map(toOrigin)
    : DEFAULT_ORIGINS;
  return {
    enabled: nonEmpty(env.REALTIME_ENABLED)?.toLowerCase() !== 'false',
    port,
    host: nonEmpty(env.REALTIME_HOST) ?? nonEmpty(env.HOST) ?? '0.0.0.0',
    origins,
    tlsCert,
    tlsKey,
    redisUrl: nonEmpty(env.REDIS_URL),
    redisKey: nonEmpty(env.REALTIME_REDIS_KEY) ?? 'sala-realtime',
  };
}
