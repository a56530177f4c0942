/**
 * The scheduled jobs' lock (job-lock.ts, ADR 191) on a real PostgreSQL (a fresh database;
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) and a real Redis
 * (TEST_REDIS_URL, else redis://127.0.0.1:6379, under a prefix of this run's own): two instances
 * claiming the same period at once, one wins; the next period is claimed again. Each part skips
 * when its store does not answer. The two instances are two connections each, as two CMS
 * processes would hold; only Strapi's object around them is reduced to what the lock reads.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Core } from '@strapi/strapi';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase } from '../../tests/helpers/postgres';
import { claimJobPeriod, jobLockKind } from './job-lock';

const require = createRequire(import.meta.url);
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const quiet = { warn: () => undefined, info: () => undefined, error: () => undefined };

async function answers(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch {
    return false;
  }
}

const pgUp = await answers(async () => {
  const { Client } = require('pg');
  const client = new Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  await client.end();
});
const { createClient } = require('redis');
const redisUp = await answers(async () => {
  const client = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false, connectTimeout: 1000 } });
  await client.connect();
  await client.quit();
});

const cleanUps: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanUp of cleanUps.reverse()) await cleanUp().catch(() => undefined);
});

describe.skipIf(!pgUp)('on PostgreSQL', () => {
  it('two instances claiming one period at once: exactly one runs it, and the next period is claimed again', async () => {
    const name = `sala_test_job_lock_${process.pid}_${randomBytes(3).toString('hex')}`;
    const url = await createDatabase(PG_URL, name);
    cleanUps.push(() => dropDatabase(PG_URL, name));
    const knex = require('knex');
    const instances = [0, 1].map(() => {
      const connection = knex({ client: 'pg', connection: url, pool: { min: 0, max: 2 } });
      cleanUps.push(() => connection.destroy());
      return { db: { dialect: { client: 'postgres' }, connection }, log: quiet } as unknown as Core.Strapi;
    });
    expect(jobLockKind(instances[0], {})).toBe('postgres');
    for (const period of [1000, 1001, 1002]) {
      const claims = await Promise.all(instances.flatMap((strapi) => [claimJobPeriod(strapi, 'expiry', period, 60), claimJobPeriod(strapi, 'expiry', period, 60)]));
      expect(claims.filter(Boolean), `period ${period}: ${claims}`).toHaveLength(1);
    }
    // A period already run (or an earlier one, from a late clock) is not run again.
    expect(await claimJobPeriod(instances[1], 'expiry', 1002, 60)).toBe(false);
    expect(await claimJobPeriod(instances[0], 'expiry', 1001, 60)).toBe(false);
    // Another job's periods are its own.
    expect(await claimJobPeriod(instances[0], 'clean-up', 1002, 60)).toBe(true);
  });
});

describe.skipIf(!redisUp)('on Redis (SQLite with REDIS_URL)', () => {
  it('two instances claiming one period at once: exactly one runs it, and the next period is claimed again', async () => {
    const saved = { url: process.env.REDIS_URL, prefix: process.env.REDIS_PREFIX };
    process.env.REDIS_URL = REDIS_URL;
    process.env.REDIS_PREFIX = `sala-test-${process.pid}-${randomBytes(3).toString('hex')}:`;
    cleanUps.push(async () => {
      process.env.REDIS_URL = saved.url ?? '';
      process.env.REDIS_PREFIX = saved.prefix ?? '';
    });
    const instances = [0, 1].map(() => ({ db: { dialect: { client: 'sqlite' } }, log: quiet }) as unknown as Core.Strapi);
    expect(jobLockKind(instances[0])).toBe('redis');
    for (const period of [1000, 1001]) {
      const claims = await Promise.all(instances.flatMap((strapi) => [claimJobPeriod(strapi, 'expiry', period, 60), claimJobPeriod(strapi, 'expiry', period, 60)]));
      expect(claims.filter(Boolean), `period ${period}: ${claims}`).toHaveLength(1);
    }
  });

  it('runs alone on SQLite without REDIS_URL', async () => {
    const strapi = { db: { dialect: { client: 'sqlite' } }, log: quiet } as unknown as Core.Strapi;
    expect(jobLockKind(strapi, {})).toBe('none');
  });
});
