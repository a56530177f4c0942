/**
 * Scheduled jobs on Strapi's cron. Every CMS instance schedules them; each run first claims
 * its period (job-lock.ts: a PostgreSQL advisory lock, else a Redis lock, else nothing on a
 * lone SQLite instance), so one instance runs the job per period (ADR 191). The run says so in
 * the log (`[jobs] NAME runs for period N`). A run still going when the next is due is not
 * started twice in one instance.
 *
 * SCHEDULED_JOB_SECONDS=N (outside production) runs every job every N seconds instead of its
 * own period, for tests that watch several periods go by.
 */
import type { Core } from '@strapi/strapi';
import { claimJobPeriod } from './job-lock';

export type ScheduledJob = {
  name: string;
  /** Cron rule (five fields) of the job's own period. */
  rule: string;
  periodSeconds: number;
  task: () => Promise<void>;
};

/** The job's rule and period, or every N seconds under SCHEDULED_JOB_SECONDS (never in production). */
export function jobTiming(job: Pick<ScheduledJob, 'rule' | 'periodSeconds'>, env: NodeJS.ProcessEnv = process.env): { rule: string; periodSeconds: number } {
  const seconds = Number(env.SCHEDULED_JOB_SECONDS);
  if (env.NODE_ENV !== 'production' && Number.isInteger(seconds) && seconds > 0 && seconds < 60) {
    return { rule: `*/${seconds} * * * * *`, periodSeconds: seconds };
  }
  return { rule: job.rule, periodSeconds: job.periodSeconds };
}

/**
 * The number of the period a run fired at: the nearest multiple of the period, so that
 * instances whose clocks differ by less than half a period name the same one.
 */
export function periodOf(now: Date, periodSeconds: number): number {
  return Math.round(now.getTime() / (periodSeconds * 1000));
}

export function scheduleJob(strapi: Core.Strapi, job: ScheduledJob): void {
  const { rule, periodSeconds } = jobTiming(job);
  let running = false;
  strapi.cron.add({
    [job.name]: {
      task: async () => {
        if (running) return; // the previous run is still going
        running = true;
        try {
          const period = periodOf(new Date(), periodSeconds);
          if (!(await claimJobPeriod(strapi, job.name, period, periodSeconds))) return; // another instance runs this period
          strapi.log.info(`[jobs] ${job.name} runs for period ${period}`);
          await job.task();
        } catch (error) {
          strapi.log.error(`[jobs] ${job.name} failed: ${(error as Error).message}`);
        } finally {
          running = false;
        }
      },
      options: { rule },
    },
  });
}
