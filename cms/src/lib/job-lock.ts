/**
 * Once across CMS instances (docs/decisions/191-scheduled-jobs-once-across-instances.md): a
 * scheduled job's run claims its period before it starts, so however many instances schedule
 * it, one runs it per period.
 * - PostgreSQL: in one transaction, `pg_try_advisory_xact_lock` on the job's key (an instance
 *   that does not get it at once leaves the period to the one that did), then the period is
 *   written to `sala_job_runs` unless it (or a later one) is there already.
 * - Otherwise with REDIS_URL: `SET <prefix>job:<name>:<period> <instance> NX PX <2 periods>`.
 * - Otherwise (SQLite, one instance): every run is its own.
 * When the lock's store fails, the run goes ahead: the jobs are safe to run twice (their
 * writes are guarded), and skipping them would leave orders unexpired.
 */
import { randomBytes } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { redisPrefix, redisUrl, sharedRedis } from './redis';

export type JobLock = 'postgres' | 'redis' | 'none';
export const JOB_RUNS_TABLE = 'sala_job_runs';
const INSTANCE = `${process.pid}-${randomBytes(4).toString('hex')}`;
const tableReady = new WeakMap<Core.Strapi, Promise<void>>();

export function jobLockKind(strapi: Core.Strapi, env: NodeJS.ProcessEnv = process.env): JobLock {
  if (strapi.db.dialect.client === 'postgres') return 'postgres';
  return redisUrl(env) ? 'redis' : 'none';
}

function ensureTable(strapi: Core.Strapi): Promise<void> {
  let ready = tableReady.get(strapi);
  if (!ready) {
    // Two instances creating it at once would collide in PostgreSQL's catalogue: one at a time.
    ready = strapi.db.connection.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`sala:${JOB_RUNS_TABLE}`]);
      await trx.raw(`create table if not exists ${JOB_RUNS_TABLE} (name varchar(100) primary key, period bigint not null, instance varchar(64) not null, ran_at timestamptz not null default now())`);
    });
    ready.catch(() => tableReady.delete(strapi));
    tableReady.set(strapi, ready);
  }
  return ready;
}

async function claimOnPostgres(strapi: Core.Strapi, name: string, period: number): Promise<boolean> {
  await ensureTable(strapi);
  return strapi.db.connection.transaction(async (trx) => {
    const locked = await trx.raw('select pg_try_advisory_xact_lock(hashtext(?)) as locked', [`sala:job:${name}`]);
    if (!locked.rows[0]?.locked) return false;
    const written = await trx.raw(
      `insert into ${JOB_RUNS_TABLE} (name, period, instance, ran_at) values (?, ?, ?, now())
       on conflict (name) do update set period = excluded.period, instance = excluded.instance, ran_at = excluded.ran_at
       where ${JOB_RUNS_TABLE}.period < excluded.period`,
      [name, period, INSTANCE],
    );
    return written.rowCount === 1;
  });
}

async function claimOnRedis(strapi: Core.Strapi, name: string, period: number, periodSeconds: number): Promise<boolean> {
  const redis = await sharedRedis(strapi);
  if (!redis) throw new Error('Redis does not answer');
  const answer = await redis.set(`${redisPrefix()}job:${name}:${period}`, INSTANCE, { NX: true, PX: periodSeconds * 2000 });
  return answer === 'OK';
}

/** True when this instance is the one to run `name` for `period`. */
export async function claimJobPeriod(strapi: Core.Strapi, name: string, period: number, periodSeconds: number): Promise<boolean> {
  const kind = jobLockKind(strapi);
  try {
    if (kind === 'postgres') return await claimOnPostgres(strapi, name, period);
    if (kind === 'redis') return await claimOnRedis(strapi, name, period, periodSeconds);
    return true;
  } catch (error) {
    strapi.log.warn(`[jobs] ${name}: the ${kind} lock failed (${(error as Error).message}); running on this instance`);
    return true;
  }
}
