import { describe, expect, it, test } from 'vitest';
import { actualDurationMs, buildCountdown, hasTerm, listPlans, parseIdList, periodDays, planDays, splitDuration, termDurationMs, type PricingPlan } from './index.js';

function plan(id: number, extra: Partial<PricingPlan> = {}): PricingPlan {
  return {
    id,
    courseId: 1,
    name: `Plan ${id}`,
    planType: 'Period',
    term: 1,
    termUnit: 'Year(s)',
    term2: null,
    termUnit2: null,
    priceAmount: 100000,
    priceUsdAmount: null,
    pricingType: 'default',
    statusShow: true,
    isDefault: false,
    freeFor: null,
    freeCourseIds: [],
    needApproval: false,
    isForMember: false,
    ...extra,
  };
}

const visitor = { loggedIn: false, ownedCourseIds: [] };
const student = { loggedIn: true, ownedCourseIds: [5, 6] };

describe('pricing plan listing', () => {
  test.each([
    ['a plan is listed only if status_show is 1', plan(1, { statusShow: false }), 'not_shown'],
    ['a plan is listed only if pricing_type is default (renew)', plan(1, { pricingType: 'renew' }), 'not_default_pricing'],
    ['a plan is listed only if pricing_type is default (others)', plan(1, { pricingType: 'others' }), 'not_default_pricing'],
    ['a plan is listed only if its price is non-null', plan(1, { priceAmount: null }), 'no_price'],
  ])('%s', (_name, hiddenPlan, reason) => {
    const listing = listPlans([hiddenPlan], student);
    expect(listing.plans).toEqual([]);
    expect(listing.hidden).toEqual([{ id: 1, reason }]);
    expect(listing.selectedPlanId).toBeNull();
  });

  test.each([
    ['a visitor', visitor, [5], false],
    ['a logged-in user owning some of free_course_ids', student, [5, 7], false],
    ['a logged-in user owning all of free_course_ids', student, [5, 6], true],
  ])('a free_for Student plan is shown only to a logged-in owner of all free_course_ids: %s -> %s', (_name, viewer, freeCourseIds, shown) => {
    const listing = listPlans([plan(1, { freeFor: 'Student', freeCourseIds, priceAmount: 0 })], viewer);
    expect(listing.plans.length === 1).toBe(shown);
    if (!shown) expect(listing.hidden).toEqual([{ id: 1, reason: 'free_for_student' }]);
  });

  it('hides plans with term_2 when the default plan has none', () => {
    const listing = listPlans([plan(1, { isDefault: true }), plan(2, { term2: 6, termUnit2: 'Month(s)' })], visitor);
    expect(listing.plans.map((p) => p.id)).toEqual([1]);
    expect(listing.hidden).toEqual([{ id: 2, reason: 'term_2_not_in_default' }]);
  });

  it('keeps plans with term_2 when the default plan has one; without an isDefault flag the first plan is the default', () => {
    const listing = listPlans([plan(1, { term2: 1, termUnit2: 'Month(s)' }), plan(2, { term2: 6, termUnit2: 'Month(s)' })], visitor);
    expect(listing.plans.map((p) => p.id)).toEqual([1, 2]);
    expect(listPlans([], visitor)).toEqual({ plans: [], hidden: [], selectedPlanId: null });
  });

  it('lists a member-only plan as disabled and unselectable for a visitor, and enabled for a logged-in user', () => {
    const plans = [plan(1, { isForMember: true, isDefault: true }), plan(2)];
    const forVisitor = listPlans(plans, visitor);
    expect(forVisitor.plans.map((p) => [p.id, p.disabled, p.disabledReason])).toEqual([
      [1, true, 'member_only'],
      [2, false, null],
    ]);
    expect(forVisitor.selectedPlanId).toBe(2);
    const forStudent = listPlans(plans, student);
    expect(forStudent.plans.every((p) => !p.disabled)).toBe(true);
    expect(forStudent.selectedPlanId).toBe(1);
  });

  test.each([
    ['1, 2,3', [1, 2, 3]],
    ['', []],
    [null, []],
    [undefined, []],
    ['4,,x, 5', [4, 5]],
    [
      [7, 8],
      [7, 8],
    ],
  ] as const)('reads the comma list %j as %j', (value, expected) => {
    expect(parseIdList(value)).toEqual(expected);
  });
});

describe('period conversions', () => {
  test.each([
    // Period: 1 year = 365 days, 1 month = 30 days
    [1, 'Year(s)', 365],
    [2, 'Month(s)', 60],
    [10, 'Day(s)', 10],
    // 12 hours = 0.5 day
    [12, 'Hour(s)', 0.5],
  ] as const)('Period: %i %s is %s days', (term, unit, days) => {
    expect(periodDays(term, unit)).toBe(days);
  });

  test.each([
    // Actual: 1 year = 31104e6 ms (360 days), 1 month = 2592e6 ms (30 days), 1 day = 86400e3, 1 hour = 3600e3
    [1, 'Year(s)', 31104e6],
    [1, 'Month(s)', 2592e6],
    [2, 'Day(s)', 2 * 86400e3],
    [3, 'Hour(s)', 3 * 3600e3],
  ] as const)('Actual: %i %s is %i ms', (term, unit, ms) => {
    expect(actualDurationMs(term, unit)).toBe(ms);
  });

  it('adds the two parts of a term (term + term_2)', () => {
    // Period 1 year + 6 months = 365 + 180 = 545 days
    const period = { planType: 'Period' as const, term: 1, termUnit: 'Year(s)' as const, term2: 6, termUnit2: 'Month(s)' as const };
    expect(planDays(period)).toBe(545);
    // Actual 1 year + 1 month = 31104e6 + 2592e6 ms
    expect(termDurationMs({ ...period, planType: 'Actual', term2: 1 })).toBe(31104e6 + 2592e6);
  });

  test.each([
    ['Period', 1, true],
    ['Actual', 1, true],
    ['Period', null, false],
    ['One-Time Payment', 1, false],
    ['Free', 1, false],
  ] as const)('a %s plan with term %s has a term: %s', (planType, term, expected) => {
    expect(hasTerm({ planType, term, termUnit: 'Day(s)', term2: null, termUnit2: null })).toBe(expected);
  });
});

describe('the countdown record', () => {
  const start = '2025-01-01T00:00:00.000Z';

  it('counts down a Period plan from start + plan days and takes now as an argument', () => {
    // 30 days from 1 Jan = 31 Jan; at 11 Jan, 20 days are left and 10 have passed
    const record = buildCountdown({ planType: 'Period', term: 1, termUnit: 'Month(s)', term2: null, termUnit2: null, startDateTime: start, orderId: 42 }, '2025-01-11T00:00:00.000Z');
    expect(record).toMatchObject({
      courseDays: 30,
      finishDateTime: '2025-01-31T00:00:00.000Z',
      countDownTime: 20 * 86400e3,
      progressTime: 10 * 86400e3,
      expired: false,
      isTermUnit2: false,
      orderID: 42,
      readLecture: 0,
      remaining: { days: 20, hours: 0, minutes: 0, seconds: 0 },
    });
  });

  it('marks a plan expired once now passes the finish, with nothing left', () => {
    // Actual 1 hour + 1 day (term_2) = 25 hours: finish 2 Jan 01:00; at 3 Jan it has expired
    const record = buildCountdown(
      { planType: 'Actual', term: 1, termUnit: 'Hour(s)', term2: 1, termUnit2: 'Day(s)', startDateTime: Date.parse(start), orderId: '7', readLecture: 3 },
      new Date('2025-01-03T00:00:00.000Z'),
    );
    expect(record).toMatchObject({
      courseDays: 0,
      isTermUnit2: true,
      finishDateTime: '2025-01-02T01:00:00.000Z',
      countDownTime: 0,
      progressTime: 25 * 3600e3,
      expired: true,
      readLecture: 3,
      remaining: { days: 0, hours: 0, minutes: 0, seconds: 0 },
    });
  });

  it('never expires a One-Time Payment plan', () => {
    const record = buildCountdown({ planType: 'One-Time Payment', term: null, termUnit: null, term2: null, termUnit2: null, startDateTime: start, orderId: 1 }, Date.parse('2030-01-01T00:00:00.000Z'));
    expect(record).toMatchObject({ countDownTime: null, finishDateTime: null, expired: false, remaining: null });
    expect(record.progressTime).toBeGreaterThan(0);
  });

  it('refuses an unreadable start', () => {
    expect(() => buildCountdown({ planType: 'Free', term: null, termUnit: null, term2: null, termUnit2: null, startDateTime: 'soon', orderId: 1 }, 0)).toThrow(RangeError);
  });

  test.each([
    // 1 day 2 hours 3 minutes 4 seconds
    [93784000, { days: 1, hours: 2, minutes: 3, seconds: 4 }],
    [-5, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
  ])('splits %i ms into %j', (ms, parts) => {
    expect(splitDuration(ms)).toEqual(parts);
  });
});
