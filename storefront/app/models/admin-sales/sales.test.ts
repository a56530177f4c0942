import { defaultTranslate } from '@sala/shared/texts';
import { describe, expect, it } from 'vitest';
import { choosePeriod, daySeries, withShares, type SalesSummary } from './sales';

// 00:30 on 1 December in Bangkok is still 30 November in UTC.
const NOW = new Date('2026-11-30T17:30:00Z');
const choose = (query: string) => choosePeriod(new URLSearchParams(query), NOW, defaultTranslate);

describe('the period of the sales overview', () => {
  it('opens on this month in Bangkok, up to today', () => {
    expect(choose('')).toEqual({ ok: true, period: { from: '2026-12-01', to: '2026-12-01' } });
  });

  it('takes the dates asked for', () => {
    expect(choose('from=2026-01-01&to=2026-03-31')).toEqual({ ok: true, period: { from: '2026-01-01', to: '2026-03-31' } });
  });

  it('names the wrong field in Thai: a date that does not exist, a start after the end, more than a year', () => {
    expect(choose('from=2026-02-30&to=2026-03-01')).toMatchObject({ ok: false, errors: { from: 'กรุณาเลือกวันที่ให้ถูกต้อง' } });
    expect(choose('from=2026-03-02&to=2026-03-01')).toMatchObject({ ok: false, errors: { to: 'วันที่เริ่มต้นต้องไม่อยู่หลังวันที่สิ้นสุด' } });
    expect(choose('from=2024-01-01&to=2026-03-01')).toMatchObject({ ok: false, errors: { to: 'เลือกช่วงเวลาได้ไม่เกิน 366 วัน' } });
  });
});

describe('the figures as charts', () => {
  const summary: SalesSummary = {
    period: { from: '2026-11-01', to: '2026-11-03' },
    totals: [
      { currency: 'THB', amount: 300000, orders: 2 },
      { currency: 'USD', amount: 4900, orders: 1 },
    ],
    byDay: [
      { date: '2026-11-01', currency: 'THB', amount: 100000, orders: 1 },
      { date: '2026-11-03', currency: 'THB', amount: 200000, orders: 1 },
      { date: '2026-11-03', currency: 'USD', amount: 4900, orders: 1 },
    ],
    byMethod: [],
    byCourse: [],
    waiting: { payment: 0, review: 0 },
  };

  it('draws a bar for every day of each currency, zero where nothing sold, scaled to the tallest of that currency', () => {
    const [thb, usd] = daySeries(summary);
    expect(thb.bars.map((bar) => [bar.date, bar.amount, bar.share])).toEqual([
      ['2026-11-01', 100000, 0.5],
      ['2026-11-02', 0, 0],
      ['2026-11-03', 200000, 1],
    ]);
    expect(usd.bars.map((bar) => bar.share)).toEqual([0, 0, 1]);
  });

  it('scales a breakdown within each currency, never across them', () => {
    const rows = withShares([
      { currency: 'THB' as const, amount: 200000, orders: 1 },
      { currency: 'THB' as const, amount: 50000, orders: 1 },
      { currency: 'USD' as const, amount: 10, orders: 1 },
    ]);
    expect(rows.map((row) => row.share)).toEqual([1, 0.25, 1]);
  });
});
