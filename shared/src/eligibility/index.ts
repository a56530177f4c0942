import { NON_REBUYABLE_COURSE_TYPES, PURCHASE_BLOCKING_STATUSES, type CourseType, type ErrorCode, type OrderStatus, type PricingType } from '../constants/index.js';
import { parseIdList } from '../plans/index.js';

/** The buyer as far as purchase rules care; null for a visitor. */
export type Buyer = { isStudent: boolean; isInstructor: boolean } | null;

export type PurchaseBlockReason = 'instructor_only' | 'order_not_yet_received' | 'order_pending_approval' | 'order_rejected' | 'already_bought';

export type PurchaseDecision = { allowed: true } | { allowed: false; reason: PurchaseBlockReason; code: ErrorCode };

const STATUS_REASONS: Partial<Record<OrderStatus, PurchaseBlockReason>> = {
  notYetReceived: 'order_not_yet_received',
  pendingApproved: 'order_pending_approval',
  rejected: 'order_rejected',
};

/** True for a user who is an authenticated instructor and not a student: such a user may not buy. */
export function isInstructorOnly(buyer: Buyer): boolean {
  return buyer !== null && buyer.isInstructor && !buyer.isStudent;
}

/** True when a course of this type can be bought again after an approved order (not Online, Flex, In-class or Live). */
export function isRebuyable(courseType: CourseType): boolean {
  return !NON_REBUYABLE_COURSE_TYPES.includes(courseType);
}

/**
 * Whether a course can be bought, given the status of the buyer's latest order for
 * it (statusOrder, null when none): instructor-only users may not buy; purchase is
 * blocked in notYetReceived, rejected and pendingApproved; after approved only
 * course types other than Online, Flex, In-class and Live can be bought again.
 */
export function canPurchase(input: { buyer: Buyer; statusOrder: OrderStatus | null; courseType: CourseType }): PurchaseDecision {
  if (isInstructorOnly(input.buyer)) return { allowed: false, reason: 'instructor_only', code: 'INSTRUCTOR_CANNOT_BUY' };
  const blocked = input.statusOrder && PURCHASE_BLOCKING_STATUSES.includes(input.statusOrder) ? STATUS_REASONS[input.statusOrder] : undefined;
  if (blocked) return { allowed: false, reason: blocked, code: 'ORDER_IN_PROGRESS' };
  if (input.statusOrder === 'approved' && !isRebuyable(input.courseType)) {
    return { allowed: false, reason: 'already_bought', code: 'COURSE_DUPLICATE' };
  }
  return { allowed: true };
}

/** A course the buyer already owns, with the pricing type of the plan it was bought on. */
export type OwnedCourse = { courseId: number; pricingType: PricingType };

/**
 * Courses already owned on a non-default, non-renew plan give have_course: buying
 * them again is refused. Owning on the default plan or a renew plan does not.
 */
export function hasCourse(courseId: number, owned: readonly OwnedCourse[]): boolean {
  return owned.some((o) => o.courseId === courseId && o.pricingType !== 'default' && o.pricingType !== 'renew');
}

export type CourseAccessInput = {
  /** The site's access-rights setting. */
  accessRightsEnabled: boolean;
  /** The USER_GROUP package switch. */
  userGroupSwitchOn: boolean;
  /** course_for_user_group: a comma list of group ids, or the ids. */
  courseUserGroups: string | readonly number[] | null | undefined;
  /** The user's group id; 0 or null means none. */
  userGroupId: number | null | undefined;
};

/**
 * Course access by user group: when the access-rights setting and the USER_GROUP
 * switch are on and the course has a group list, the user's group must be in the
 * list; group 0 or null is denied. Otherwise everyone may access.
 */
export function canAccessCourse(input: CourseAccessInput): boolean {
  const groups = parseIdList(input.courseUserGroups);
  if (!input.accessRightsEnabled || !input.userGroupSwitchOn || groups.length === 0) return true;
  return Boolean(input.userGroupId) && groups.includes(input.userGroupId as number);
}

/** The `free_book_type` of a course whose free book is a printed one, sent to the buyer. */
export const PRINTED_BOOK_TYPE = 'physical';

/**
 * A course ships something to the buyer when its free book is a printed one: its order then
 * needs a shipping address and a shipping method, as products do (an e-book ships nothing).
 */
export function courseShipsItem(course: { free_book?: boolean | null; free_book_type?: string | null }): boolean {
  return (
    course.free_book === true &&
    String(course.free_book_type ?? '')
      .trim()
      .toLowerCase() === PRINTED_BOOK_TYPE
  );
}

export type OrderCheckInput = {
  /** shipsItem: a course that comes with a printed book (courseShipsItem). */
  courses: { courseId: number; courseType: CourseType; planId: number | null; shipsItem?: boolean }[];
  paymentMethodId: number | null;
  owned: readonly OwnedCourse[];
  buyer: Buyer;
  /** Promotions the cart qualifies for, and the one chosen (null for none). */
  applicablePromotionIds?: readonly number[];
  promotionId?: number | null;
  shippingAddressId?: number | null;
  shippingFeeId?: number | null;
};

export type OrderCheckProblem = { code: ErrorCode; courseId?: number };

/**
 * The order checks before a purchase: at least one course and no duplicates, a
 * pricing plan for every course (dont_have_pricing), a payment method, no course
 * already owned on a non-default non-renew plan (have_course), a promotion chosen
 * when one applies, a shipping address and shipping method for products and for
 * courses with a printed book, and no
 * instructor-only buyer. Returns every problem, in that order.
 */
export function checkOrder(input: OrderCheckInput): OrderCheckProblem[] {
  const problems: OrderCheckProblem[] = [];
  if (isInstructorOnly(input.buyer)) problems.push({ code: 'INSTRUCTOR_CANNOT_BUY' });
  if (input.courses.length === 0) problems.push({ code: 'CART_EMPTY' });
  const seen = new Set<number>();
  for (const course of input.courses) {
    if (seen.has(course.courseId)) problems.push({ code: 'COURSE_DUPLICATE', courseId: course.courseId });
    seen.add(course.courseId);
    if (course.planId === null) problems.push({ code: 'NO_PRICING_PLAN', courseId: course.courseId });
    if (hasCourse(course.courseId, input.owned)) problems.push({ code: 'HAVE_COURSE', courseId: course.courseId });
  }
  if (input.paymentMethodId === null) problems.push({ code: 'NO_PAYMENT_METHOD' });
  if ((input.applicablePromotionIds ?? []).length > 0 && input.promotionId == null) problems.push({ code: 'PROMOTION_REQUIRED' });
  if (input.courses.some((course) => course.courseType === 'product' || course.shipsItem === true)) {
    if (input.shippingAddressId == null) problems.push({ code: 'SHIPPING_ADDRESS_REQUIRED' });
    if (input.shippingFeeId == null) problems.push({ code: 'SHIPPING_METHOD_REQUIRED' });
  }
  return problems;
}
