/**
 * Database rows → the pricing engine's domain inputs (docs/decisions/014): one mapper
 * per content type, and the field lists to load them with. Amounts stay in minor
 * units; nothing here rounds or converts.
 */
import type { CourseType, DiscountKind, DiscountType } from '@sala/shared/constants';
import type { CouponInput, PromotionInput, PromotionTier } from '@sala/shared/pricing';

type Id = { id: number };

export type CourseRow = {
  id: number;
  title: string;
  course_type: CourseType;
  seat: number | null;
  seats_taken: number | null;
  startRegDate: string | Date | null;
  endRegDate: string | Date | null;
  /** A printed free book (courseShipsItem) makes the order ship. */
  free_book: boolean | null;
  free_book_type: string | null;
};

export const COURSE_FIELDS = ['id', 'title', 'course_type', 'seat', 'seats_taken', 'startRegDate', 'endRegDate', 'free_book', 'free_book_type'];

export type PlanRow = {
  id: number;
  name: string;
  plan_type: 'Period' | 'Actual' | 'One-Time Payment' | 'Free';
  price: number | null;
  price_usd: number | null;
  pricing_type: 'default' | 'renew' | 'others';
  status_show: boolean | null;
  free_for: 'Student' | null;
  need_approval: boolean | null;
  is_for_member: boolean | null;
  course?: Id | null;
  free_courses?: Id[];
};

export const PLAN_FIELDS = ['id', 'name', 'plan_type', 'price', 'price_usd', 'pricing_type', 'status_show', 'free_for', 'need_approval', 'is_for_member'];

export type CouponRow = {
  id: number;
  code: string;
  coupon_type: DiscountKind;
  number_of_course: number | null;
  discount_type: DiscountType;
  discount_amount: number | null;
  discount_percent_bp: number | null;
  discount_amount_usd: number | null;
  usage_limit: number | null;
  used_count: number | null;
  valid_from: string | Date | null;
  valid_to: string | Date | null;
  is_active: boolean | null;
  courses?: Id[];
  payment_methods?: { method_id: number }[];
  user_groups?: Id[];
};

export const COUPON_FIELDS = [
  'id',
  'code',
  'coupon_type',
  'number_of_course',
  'discount_type',
  'discount_amount',
  'discount_percent_bp',
  'discount_amount_usd',
  'usage_limit',
  'used_count',
  'valid_from',
  'valid_to',
  'is_active',
];

export const COUPON_POPULATE = {
  courses: { select: ['id'] },
  payment_methods: { select: ['method_id'] },
  user_groups: { select: ['id'] },
};

type TierRow = { number_of_course: number; discount_amount: number | null; discount_percent_bp: number | null; discount_amount_usd: number | null };

export type PromotionRow = {
  id: number;
  title: string;
  promotion_type: DiscountKind;
  number_of_course: number | null;
  discount_type: DiscountType;
  discount_amount: number | null;
  discount_percent_bp: number | null;
  discount_amount_usd: number | null;
  is_enable_tier: boolean | null;
  valid_from: string | Date | null;
  valid_to: string | Date | null;
  courses?: Id[];
  user_groups?: Id[];
  tier_list?: TierRow[];
};

export const PROMOTION_FIELDS = [
  'id',
  'title',
  'promotion_type',
  'number_of_course',
  'discount_type',
  'discount_amount',
  'discount_percent_bp',
  'discount_amount_usd',
  'is_enable_tier',
  'valid_from',
  'valid_to',
];

export const PROMOTION_POPULATE = {
  courses: { select: ['id'] },
  user_groups: { select: ['id'] },
  tier_list: { select: ['number_of_course', 'discount_amount', 'discount_percent_bp', 'discount_amount_usd'] },
};

function iso(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** A USD amount of 0 is the column default, not a price: the engine reads null as "none set". */
function usdAmount(value: number | null | undefined): number | null {
  return value ? value : null;
}

type DiscountColumns = Pick<TierRow, 'discount_amount' | 'discount_percent_bp' | 'discount_amount_usd'>;

/** A discount as stored (satang, cents, basis points) in the engine's terms; coupons, promotions and tiers share it. */
function discountValues(row: DiscountColumns) {
  return {
    discountAmount: row.discount_amount ?? 0,
    discountUsdAmount: usdAmount(row.discount_amount_usd),
    discountBasisPoints: row.discount_percent_bp ?? 0,
  };
}

/**
 * A coupon as the engine reads it. A coupon with no course chosen covers none: an
 * editor who forgot the list gets a coupon that does nothing, not one that
 * discounts the whole shop.
 */
export function toCouponInput(row: CouponRow): CouponInput {
  return {
    id: row.id,
    code: row.code,
    couponType: row.coupon_type,
    numberOfCourse: row.number_of_course ?? 1,
    discountType: row.discount_type,
    ...discountValues(row),
    courseIds: (row.courses ?? []).map((course) => course.id),
    paymentMethodIds: (row.payment_methods ?? []).map((method) => method.method_id),
    usageLimit: row.usage_limit ?? null,
    usedCount: row.used_count ?? 0,
    validFrom: iso(row.valid_from),
    validTo: iso(row.valid_to),
  };
}

function toTier(row: TierRow): PromotionTier {
  return {
    numberOfCourse: row.number_of_course,
    ...discountValues(row),
  };
}

export function toPromotionInput(row: PromotionRow): PromotionInput {
  return {
    id: row.id,
    title: row.title,
    promotionType: row.promotion_type,
    numberOfCourse: row.number_of_course ?? 1,
    discountType: row.discount_type,
    ...discountValues(row),
    courseIds: (row.courses ?? []).map((course) => course.id),
    isEnableTier: Boolean(row.is_enable_tier),
    tierList: (row.tier_list ?? []).map(toTier),
    validFrom: iso(row.valid_from),
    validTo: iso(row.valid_to),
  };
}

/** A coupon or promotion limited to user groups is open only to a buyer in one of them. */
export function isOpenToGroup(groups: Id[] | undefined, userGroupId: number | null): boolean {
  if (!groups || groups.length === 0) return true;
  return userGroupId !== null && groups.some((group) => group.id === userGroupId);
}
