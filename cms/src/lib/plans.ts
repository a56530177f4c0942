/**
 * Pricing plans from the database to the shared listing rules and back out on the wire.
 * The database holds minor units; the wire carries the spec's field names with major-unit
 * amounts (ADR 014), and the listing itself is decided by `listPlans` only.
 */
import { money, toMajorNumber } from '@sala/shared/money';
import type { Core } from '@strapi/strapi';
import { listPlans, type ListedPlan, type PlanDisabledReason, type PlanHiddenReason, type PlanViewer, type PricingPlan } from '@sala/shared/plans';
import type { Locale, PlanType, PricingType, TermUnit } from '@sala/shared/constants';
import { localizedValue } from '@sala/shared/texts';

export const PLAN_UID = 'api::pricing-plan.pricing-plan';

/** Columns a listing needs; nothing else is read. */
export const PLAN_FIELDS = [
  'id',
  'name',
  'name_en',
  'reference_code',
  'plan_type',
  'term',
  'term_unit',
  'term_2',
  'term_unit_2',
  'price',
  'price_usd',
  'pricing_type',
  'status_show',
  'is_default',
  'free_for',
  'need_approval',
  'is_for_member',
  'sort_order',
] as const;

export type PlanRow = {
  id: number;
  name: string;
  /** The English name an editor gave, or blank (ADR 183). */
  name_en?: string | null;
  reference_code: 'COURSE' | 'PRODUCT';
  plan_type: PlanType;
  term: number | null;
  term_unit: TermUnit | null;
  term_2: number | null;
  term_unit_2: TermUnit | null;
  price: number | null;
  price_usd: number | null;
  pricing_type: PricingType;
  status_show: boolean | null;
  is_default: boolean | null;
  free_for: 'Student' | null;
  need_approval: boolean | null;
  is_for_member: boolean | null;
  sort_order: number | null;
  course?: { id: number } | null;
  product?: { id: number } | null;
  free_courses?: { id: number }[] | null;
};

/** The populate clause that goes with PLAN_FIELDS. */
export const PLAN_POPULATE = {
  course: { select: ['id'] },
  product: { select: ['id'] },
  free_courses: { select: ['id'] },
} as const;

/** A plan as the course, product and cart calls return it. */
export type PlanDto = {
  id: number;
  /** The value of the plan's radio in the picker: the plan id. */
  value: number;
  course_id: number | null;
  product_id: number | null;
  reference_code: 'COURSE' | 'PRODUCT';
  reference_id: number | null;
  name: string;
  plan_type: PlanType;
  term: number | null;
  term_unit: TermUnit | null;
  term_2: number | null;
  term_unit_2: TermUnit | null;
  /** Baht (major units), null when the plan has no THB price. */
  price: number | null;
  /** US dollars (major units), null when the plan has no USD price. */
  price_usd: number | null;
  pricing_type: PricingType;
  status_show: 1;
  is_default: boolean;
  free_for: 'Student' | null;
  /** Comma list of the course ids a free_for Student plan asks the buyer to own. */
  free_course_ids: string | null;
  /** True on a free_for Student plan the viewer qualifies for. */
  buy_course_free: boolean;
  need_approval: boolean;
  is_for_member: boolean;
  /** A member-only plan shown to a visitor: listed but not selectable. */
  disabled: boolean;
  disabled_reason: 'member_only' | null;
  /** The plan the picker selects first. */
  selected: boolean;
};

function ownerId(row: PlanRow): number {
  return row.course?.id ?? row.product?.id ?? 0;
}

export function toDomainPlan(row: PlanRow): PricingPlan {
  return {
    id: row.id,
    courseId: ownerId(row),
    name: row.name,
    planType: row.plan_type,
    term: row.term ?? null,
    termUnit: row.term_unit ?? null,
    term2: row.term_2 ?? null,
    termUnit2: row.term_unit_2 ?? null,
    priceAmount: Number.isSafeInteger(row.price) ? row.price : null,
    priceUsdAmount: Number.isSafeInteger(row.price_usd) ? row.price_usd : null,
    pricingType: row.pricing_type,
    statusShow: row.status_show === true,
    isDefault: row.is_default === true,
    freeFor: row.free_for === 'Student' ? 'Student' : null,
    freeCourseIds: (row.free_courses ?? []).map((course) => course.id),
    needApproval: row.need_approval === true,
    isForMember: row.is_for_member === true,
  };
}

function major(amount: number | null, currency: 'THB' | 'USD'): number | null {
  return amount === null ? null : toMajorNumber(money(amount, currency));
}

function toPlanDto(plan: ListedPlan, row: PlanRow, selectedPlanId: number | null, locale: Locale): PlanDto {
  const isProduct = row.reference_code === 'PRODUCT';
  return {
    id: plan.id,
    value: plan.id,
    course_id: isProduct ? null : (row.course?.id ?? null),
    product_id: isProduct ? (row.product?.id ?? null) : null,
    reference_code: row.reference_code,
    reference_id: ownerId(row) || null,
    name: localizedValue(row.name, row.name_en, locale),
    plan_type: plan.planType,
    term: plan.term,
    term_unit: plan.termUnit,
    term_2: plan.term2,
    term_unit_2: plan.termUnit2,
    price: major(plan.priceAmount, 'THB'),
    price_usd: major(plan.priceUsdAmount, 'USD'),
    pricing_type: plan.pricingType,
    status_show: 1,
    is_default: plan.isDefault,
    free_for: plan.freeFor,
    free_course_ids: plan.freeCourseIds.length > 0 ? plan.freeCourseIds.join(',') : null,
    buy_course_free: plan.freeFor === 'Student',
    need_approval: plan.needApproval,
    is_for_member: plan.isForMember,
    disabled: plan.disabled,
    disabled_reason: plan.disabledReason,
    selected: plan.id === selectedPlanId,
  };
}

/** Plans of one course or product, in the editors' order: sort_order, then id. */
export function sortPlanRows(rows: readonly PlanRow[]): PlanRow[] {
  return [...rows].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0) || a.id - b.id);
}

/** The listed plans of one course or product for a viewer, as the wire carries them, named in the locale (Thai by default). */
export function listPlanDtos(rows: readonly PlanRow[], viewer: PlanViewer, locale: Locale = 'th'): PlanDto[] {
  const sorted = sortPlanRows(rows);
  const byId = new Map(sorted.map((row) => [row.id, row]));
  const listing = listPlans(sorted.map(toDomainPlan), viewer);
  return listing.plans.map((plan) => toPlanDto(plan, byId.get(plan.id)!, listing.selectedPlanId, locale));
}

/**
 * The price a card shows: the lowest THB price among the plans a visitor can select,
 * leaving out plans free only for owners of other courses (minor units), or null.
 */
export function lowestVisitorAmount(rows: readonly PlanRow[]): number | null {
  const listing = listPlans(sortPlanRows(rows).map(toDomainPlan), { loggedIn: false, ownedCourseIds: [] });
  const amounts = listing.plans.filter((plan) => !plan.disabled && plan.freeFor === null && plan.priceAmount !== null).map((plan) => plan.priceAmount as number);
  return amounts.length > 0 ? Math.min(...amounts) : null;
}

/** The plans of these courses or products (every plan, shown or not), by owner id, with what the listing needs. */
export async function planRowsFor(strapi: Core.Strapi, owner: 'course' | 'product', ids: number[]): Promise<Map<number, PlanRow[]>> {
  const byOwner = new Map<number, PlanRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byOwner;
  const rows = (await strapi.db.query(PLAN_UID).findMany({
    select: [...PLAN_FIELDS],
    where: { [owner]: { id: { $in: ids } } },
    populate: PLAN_POPULATE as never,
  })) as PlanRow[];
  for (const row of rows) {
    const ownerId = row[owner]?.id;
    if (ownerId !== undefined) byOwner.get(ownerId)?.push(row);
  }
  return byOwner;
}

/** Why a plan may not be chosen: the listing hides it (or it is not a plan of this course or product), or lists it disabled. */
export type PlanRefusal = { code: 'NO_PRICING_PLAN'; reason: PlanHiddenReason | 'not_a_plan' } | { code: 'MEMBER_ONLY_PLAN'; reason: PlanDisabledReason };

/**
 * The plan a viewer may buy among the plans of one course or product, by the listing's own
 * rules (`listPlans`): `planId`, when the listing offers it to this viewer and enabled, or
 * (with no `planId`) the plan the listing selects first. The cart and the order choose with
 * this, so a buyer can buy exactly what the course page offers them, and nothing it hides.
 */
export function choosePlan<R extends PlanRow>(rows: readonly R[], viewer: PlanViewer, planId: number | null): { plan: R } | { refusal: PlanRefusal } {
  const sorted = sortPlanRows(rows) as R[];
  const listing = listPlans(sorted.map(toDomainPlan), viewer);
  const wanted = planId ?? listing.selectedPlanId;
  const row = wanted === null ? undefined : sorted.find((candidate) => candidate.id === wanted);
  if (!row) return { refusal: { code: 'NO_PRICING_PLAN', reason: 'not_a_plan' } };
  const hidden = listing.hidden.find((entry) => entry.id === row.id);
  if (hidden) return { refusal: { code: 'NO_PRICING_PLAN', reason: hidden.reason } };
  const listed = listing.plans.find((plan) => plan.id === row.id);
  if (!listed) return { refusal: { code: 'NO_PRICING_PLAN', reason: 'not_a_plan' } };
  if (listed.disabled) return { refusal: { code: 'MEMBER_ONLY_PLAN', reason: listed.disabledReason ?? 'member_only' } };
  return { plan: row };
}
