/**
 * Whether the shared services the suite needs answer: PostgreSQL on 127.0.0.1:5432 as
 * postgres (TEST_DATABASE_URL when set) and Redis on 127.0.0.1:6379 (TEST_REDIS_URL when set).
 */
import { createRequire } from 'node:module';
import net from 'node:net';

const require = createRequire(import.meta.url);

export const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port) || 6379, hostname);
    const finish = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(1000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => finish(data.toString().startsWith('+PONG')));
  });
}

async function postgresAnswers(url: string): Promise<string | null> {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function sharedServices(): Promise<{ ok: true } | { ok: false; reason: string }> {
  const pg = await postgresAnswers(POSTGRES_URL);
  if (pg !== null) return { ok: false, reason: `PostgreSQL does not answer at ${POSTGRES_URL.replace(/\/\/[^@]*@/, '//…@')} (${pg})` };
  if (!(await redisAnswers(REDIS_URL))) return { ok: false, reason: `Redis does not answer PING at ${REDIS_URL}` };
  return { ok: true };
}
