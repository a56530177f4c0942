/**
 * The storefront's subscription to the CMS's purges (../page-cache-purges.mjs, ADR 192) on a
 * real Redis (TEST_REDIS_URL, else 127.0.0.1:6379; skipped when none answers): a message on its
 * own channel purges, one on another shop's prefix does not.
 */
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { purgeChannel, subscribeToPurges } from '../page-cache-purges.mjs';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port) || 6379, hostname);
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => finish(data.toString().startsWith('+PONG')));
  });
}

const available = await redisAnswers();
const clients: { quit(): Promise<unknown> }[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit().catch(() => undefined)));
});

describe('purgeChannel', () => {
  it('is off without REDIS_URL and carries REDIS_PREFIX (default sala:)', () => {
    expect(purgeChannel({})).toBeNull();
    expect(purgeChannel({ REDIS_URL: 'redis://r:6379' })).toEqual({ url: 'redis://r:6379', channel: 'sala:page-cache:purge' });
    expect(purgeChannel({ REDIS_URL: 'redis://r:6379', REDIS_PREFIX: 'shop2:' })?.channel).toBe('shop2:page-cache:purge');
  });
});

describe.skipIf(!available)('subscribeToPurges on a real Redis', () => {
  it('purges on a message of its own channel, never on another prefix’s', async () => {
    const prefix = `sala-test-${randomBytes(4).toString('hex')}:`;
    let purges = 0;
    const subscriber = await subscribeToPurges({ env: { REDIS_URL, REDIS_PREFIX: prefix }, onPurge: () => (purges += 1) });
    clients.push(subscriber!);
    const publisher = createClient({ url: REDIS_URL });
    await publisher.connect();
    clients.push(publisher);

    await publisher.publish(`other-${prefix}page-cache:purge`, '{}');
    await publisher.publish(`${prefix}page-cache:purge`, 'anything at all');
    await expect.poll(() => purges, { timeout: 2000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(purges).toBe(1);
  });
});
