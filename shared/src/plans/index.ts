import { ACTUAL_MS_PER_MONTH, ACTUAL_MS_PER_YEAR, MS_PER_DAY, MS_PER_HOUR, PERIOD_DAYS_PER_MONTH, PERIOD_DAYS_PER_YEAR, type PlanType, type PricingType, type TermUnit } from '../constants/index.js';

/** A pricing plan as the domain sees it; prices in minor units (null when unset). */
export type PricingPlan = {
  id: number;
  courseId: number;
  name: string;
  planType: PlanType;
  term: number | null;
  termUnit: TermUnit | null;
  term2: number | null;
  termUnit2: TermUnit | null;
  priceAmount: number | null;
  priceUsdAmount: number | null;
  pricingType: PricingType;
  /** status_show = 1. */
  statusShow: boolean;
  isDefault: boolean;
  freeFor: 'Student' | null;
  freeCourseIds: number[];
  needApproval: boolean;
  isForMember: boolean;
};

/** Who is looking at the plans. */
export type PlanViewer = { loggedIn: boolean; ownedCourseIds: readonly number[] };

export type PlanHiddenReason = 'not_shown' | 'not_default_pricing' | 'no_price' | 'free_for_student' | 'term_2_not_in_default';
export type PlanDisabledReason = 'member_only';

export type ListedPlan = PricingPlan & { disabled: boolean; disabledReason: PlanDisabledReason | null };

export type PlanListing = {
  plans: ListedPlan[];
  hidden: { id: number; reason: PlanHiddenReason }[];
  /** The plan selected at first: the default plan if listed and enabled, else the first enabled one. */
  selectedPlanId: number | null;
};

/** Reads a comma list of ids ('1, 2,3') as numbers, skipping blanks and non-numbers. */
export function parseIdList(value: string | readonly number[] | null | undefined): number[] {
  if (Array.isArray(value)) return [...value];
  return String(value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
}

function hiddenReason(plan: PricingPlan, viewer: PlanViewer, defaultHasTerm2: boolean): PlanHiddenReason | null {
  if (!plan.statusShow) return 'not_shown';
  if (plan.pricingType !== 'default') return 'not_default_pricing';
  if (plan.priceAmount === null) return 'no_price';
  if (plan.freeFor === 'Student' && !(viewer.loggedIn && plan.freeCourseIds.every((id) => viewer.ownedCourseIds.includes(id)))) {
    return 'free_for_student';
  }
  if (plan.term2 && !defaultHasTerm2) return 'term_2_not_in_default';
  return null;
}

/**
 * The pricing-plan listing rules: a plan is listed only if status_show is 1, its
 * pricing_type is default and its price is non-null; a free_for Student plan only
 * for a logged-in owner of every course in free_course_ids; a plan with term_2 is
 * hidden when the default plan has none; a member-only plan is listed but disabled
 * for a visitor. The default plan is the one flagged isDefault, else the first.
 */
export function listPlans(plans: readonly PricingPlan[], viewer: PlanViewer): PlanListing {
  const defaultPlan = plans.find((plan) => plan.isDefault) ?? plans[0];
  const defaultHasTerm2 = Boolean(defaultPlan?.term2);
  const listing: PlanListing = { plans: [], hidden: [], selectedPlanId: null };
  for (const plan of plans) {
    const reason = hiddenReason(plan, viewer, defaultHasTerm2);
    if (reason) {
      listing.hidden.push({ id: plan.id, reason });
      continue;
    }
    const disabled = plan.isForMember && !viewer.loggedIn;
    listing.plans.push({ ...plan, disabled, disabledReason: disabled ? 'member_only' : null });
  }
  const enabled = listing.plans.filter((plan) => !plan.disabled);
  listing.selectedPlanId = (enabled.find((plan) => plan.isDefault) ?? enabled[0])?.id ?? null;
  return listing;
}

/** Length of a Period-plan term in days: 1 month = 30 days, 1 year = 365 days, 1 hour = 1/24 day. */
export function periodDays(term: number, unit: TermUnit): number {
  switch (unit) {
    case 'Year(s)':
      return term * PERIOD_DAYS_PER_YEAR;
    case 'Month(s)':
      return term * PERIOD_DAYS_PER_MONTH;
    case 'Day(s)':
      return term;
    case 'Hour(s)':
      return (term * MS_PER_HOUR) / MS_PER_DAY;
  }
}

/** Length of an Actual-plan term in milliseconds: 1 year = 31104e6, 1 month = 2592e6, 1 day = 86400e3, 1 hour = 3600e3. */
export function actualDurationMs(term: number, unit: TermUnit): number {
  switch (unit) {
    case 'Year(s)':
      return term * ACTUAL_MS_PER_YEAR;
    case 'Month(s)':
      return term * ACTUAL_MS_PER_MONTH;
    case 'Day(s)':
      return term * MS_PER_DAY;
    case 'Hour(s)':
      return term * MS_PER_HOUR;
  }
}

type Term = { planType: PlanType; term: number | null; termUnit: TermUnit | null; term2: number | null; termUnit2: TermUnit | null };

function partMs(planType: PlanType, term: number | null, unit: TermUnit | null): number {
  if (!term || !unit) return 0;
  return planType === 'Actual' ? actualDurationMs(term, unit) : periodDays(term, unit) * MS_PER_DAY;
}

/** Whether a plan's access runs out: Period and Actual plans with a term do; One-Time Payment and Free plans do not. */
export function hasTerm(plan: Term): boolean {
  return (plan.planType === 'Period' || plan.planType === 'Actual') && termDurationMs(plan) > 0;
}

/** The whole term of a two-part plan (term + term_2) in milliseconds, by the plan type's conversions. */
export function termDurationMs(plan: Term): number {
  return partMs(plan.planType, plan.term, plan.termUnit) + partMs(plan.planType, plan.term2, plan.termUnit2);
}

/** Plan days of a Period plan (courseDays): term + term_2 in days. */
export function planDays(plan: Term): number {
  return termDurationMs(plan) / MS_PER_DAY;
}

export type CountdownInput = Term & {
  /** When access started: ISO timestamp or epoch milliseconds. */
  startDateTime: string | number;
  orderId: number | string;
  readLecture?: number;
};

/** The countdown record of the spec, plus the remaining time split for display. */
export type CountdownRecord = {
  planType: PlanType;
  courseDays: number;
  startDateTime: string;
  term: number | null;
  termUnit: TermUnit | null;
  term2: number | null;
  termUnit2: TermUnit | null;
  isTermUnit2: boolean;
  /** Milliseconds left, 0 once expired; null for a plan without term. */
  countDownTime: number | null;
  /** Milliseconds since the start, capped at the term. */
  progressTime: number;
  orderID: number | string;
  /** When access ends (ISO), or null for a plan without term. */
  finishDateTime: string | null;
  readLecture: number;
  expired: boolean;
  remaining: DurationParts | null;
};

export type DurationParts = { days: number; hours: number; minutes: number; seconds: number };

/** Splits a non-negative duration into whole days, hours, minutes and seconds. */
export function splitDuration(ms: number): DurationParts {
  const totalSeconds = Math.floor(Math.max(0, ms) / 1000);
  return {
    days: Math.floor(totalSeconds / 86400),
    hours: Math.floor((totalSeconds % 86400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}

function toMs(value: Date | number | string): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(ms)) throw new RangeError(`not a date: ${String(value)}`);
  return ms;
}

/**
 * Builds the countdown record of a bought plan at `now`: finish = start + term
 * (+ term_2), remaining time, progress and the expired flag. A One-Time Payment or
 * Free plan never expires.
 */
export function buildCountdown(input: CountdownInput, now: Date | number | string): CountdownRecord {
  const start = toMs(input.startDateTime);
  const at = toMs(now);
  const timed = hasTerm(input);
  const duration = termDurationMs(input);
  const finish = start + duration;
  const left = Math.max(0, finish - at);
  return {
    planType: input.planType,
    courseDays: input.planType === 'Period' ? planDays(input) : 0,
    startDateTime: new Date(start).toISOString(),
    term: input.term,
    termUnit: input.termUnit,
    term2: input.term2,
    termUnit2: input.termUnit2,
    isTermUnit2: Boolean(input.term2 && input.termUnit2),
    countDownTime: timed ? left : null,
    progressTime: Math.max(0, timed ? Math.min(at - start, duration) : at - start),
    orderID: input.orderId,
    finishDateTime: timed ? new Date(finish).toISOString() : null,
    readLecture: input.readLecture ?? 0,
    expired: timed && left === 0,
    remaining: timed ? splitDuration(left) : null,
  };
}
