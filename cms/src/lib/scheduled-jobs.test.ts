/** The scheduled jobs' timing: the test period is refused in production; clocks a little apart name the same period. */
import { describe, expect, it } from 'vitest';
import { jobTiming, periodOf } from './scheduled-jobs';

const EVERY_MINUTE = { rule: '*/1 * * * *', periodSeconds: 60 };

describe('jobTiming', () => {
  it('keeps the job’s own rule and period without SCHEDULED_JOB_SECONDS', () => {
    expect(jobTiming(EVERY_MINUTE, { NODE_ENV: 'development' })).toEqual(EVERY_MINUTE);
  });

  it('runs every N seconds under SCHEDULED_JOB_SECONDS outside production', () => {
    expect(jobTiming(EVERY_MINUTE, { NODE_ENV: 'test', SCHEDULED_JOB_SECONDS: '2' })).toEqual({ rule: '*/2 * * * * *', periodSeconds: 2 });
  });

  it('ignores SCHEDULED_JOB_SECONDS in production, and values that are not whole seconds under a minute', () => {
    expect(jobTiming(EVERY_MINUTE, { NODE_ENV: 'production', SCHEDULED_JOB_SECONDS: '2' })).toEqual(EVERY_MINUTE);
    for (const value of ['0', '-1', '1.5', '60', 'abc', '']) expect(jobTiming(EVERY_MINUTE, { NODE_ENV: 'test', SCHEDULED_JOB_SECONDS: value })).toEqual(EVERY_MINUTE);
  });
});

describe('periodOf', () => {
  it('names the same period for runs fired up to half a period before or after its start', () => {
    const start = new Date('2026-11-27T10:00:00.000Z');
    const period = periodOf(start, 60);
    expect(periodOf(new Date(start.getTime() - 29_000), 60)).toBe(period);
    expect(periodOf(new Date(start.getTime() + 29_000), 60)).toBe(period);
    expect(periodOf(new Date(start.getTime() + 60_000), 60)).toBe(period + 1);
  });
});
