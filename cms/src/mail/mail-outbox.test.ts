import { describe, expect, it } from 'vitest';
import { outboxSettings, retryDelayMs } from './mail-outbox';

describe('the outbox backoff', () => {
  const settings = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 };

  it('doubles from the base after each failed attempt, up to the cap', () => {
    const noJitter = () => 0;
    // 30 s, 60 s, 120 s, … 30 s · 2^6 = 1,920 s; the 8th would be 3,840 s, capped at 3,600 s
    expect([1, 2, 3, 7, 8, 20, 1000].map((attempts) => retryDelayMs(attempts, settings, noJitter))).toEqual([30_000, 60_000, 120_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000]);
  });

  it('adds at most a tenth of jitter, so instances that failed together do not retry together', () => {
    expect(retryDelayMs(1, settings, () => 0.999)).toBe(32_997);
    expect(retryDelayMs(8, settings, () => 0.5)).toBe(3_780_000);
  });

  it('reads its knobs from the environment and ignores values below their floor', () => {
    expect(outboxSettings({})).toMatchObject({ pollMs: 5_000, leaseMs: 120_000, retryBaseMs: 30_000, retryMaxMs: 3_600_000, maxAttempts: 8 });
    expect(outboxSettings({ MAIL_POLL_MS: '250', MAIL_LEASE_MS: '5', MAIL_MAX_ATTEMPTS: '0' })).toMatchObject({ pollMs: 250, leaseMs: 120_000, maxAttempts: 8 });
  });
});
