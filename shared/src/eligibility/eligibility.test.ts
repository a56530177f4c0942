import { describe, expect, it, test } from 'vitest';
import { COURSE_TYPES, type CourseType, type OrderStatus } from '../constants/index.js';
import { canAccessCourse, canPurchase, checkOrder, courseShipsItem, hasCourse, isInstructorOnly, isRebuyable } from './index.js';

const studentBuyer = { isStudent: true, isInstructor: false };

describe('purchase rules by order status', () => {
  test.each([
    ['notYetReceived', 'order_not_yet_received'],
    ['rejected', 'order_rejected'],
    ['pendingApproved', 'order_pending_approval'],
  ] as const)('purchase is blocked in %s', (statusOrder, reason) => {
    for (const courseType of COURSE_TYPES) {
      expect(canPurchase({ buyer: studentBuyer, statusOrder, courseType })).toEqual({ allowed: false, reason, code: 'ORDER_IN_PROGRESS' });
    }
  });

  test.each([
    ['Online', false],
    ['Flex', false],
    ['In-class', false],
    ['Live-Broadcast', false],
    ['Live-Room', false],
    ['Live-Room-Student-Camera', false],
    ['Private-Classroom', true],
    ['product', true],
  ] as const)('after approved, rebuy only for types other than Online/Flex/In-class/Live*: %s -> %s', (courseType, allowed) => {
    expect(isRebuyable(courseType)).toBe(allowed);
    expect(canPurchase({ buyer: studentBuyer, statusOrder: 'approved', courseType }).allowed).toBe(allowed);
  });

  test.each([null, 'cancelled', 'expired'] as (OrderStatus | null)[])('a course with last order status %s can be bought', (statusOrder) => {
    expect(canPurchase({ buyer: studentBuyer, statusOrder, courseType: 'Online' })).toEqual({ allowed: true });
    expect(canPurchase({ buyer: null, statusOrder, courseType: 'Online' })).toEqual({ allowed: true });
  });

  test.each([
    [{ isStudent: false, isInstructor: true }, true],
    [{ isStudent: true, isInstructor: true }, false],
    [{ isStudent: true, isInstructor: false }, false],
    [null, false],
  ])('instructor-only users may not buy: %j -> instructor only %s', (buyer, instructorOnly) => {
    expect(isInstructorOnly(buyer)).toBe(instructorOnly);
    const decision = canPurchase({ buyer, statusOrder: null, courseType: 'Online' as CourseType });
    expect(decision.allowed).toBe(!instructorOnly);
  });
});

describe('owned courses', () => {
  test.each([
    ['others', true],
    ['default', false],
    ['renew', false],
  ] as const)('owned on a %s plan gives have_course: %s', (pricingType, expected) => {
    expect(hasCourse(1, [{ courseId: 1, pricingType }])).toBe(expected);
    expect(hasCourse(2, [{ courseId: 1, pricingType }])).toBe(false);
  });
});

describe('course access by user group', () => {
  const on = { accessRightsEnabled: true, userGroupSwitchOn: true };
  test.each([
    ['the user group is in the course group list', { ...on, courseUserGroups: '1,2', userGroupId: 2 }, true],
    ['the user group is not in the list', { ...on, courseUserGroups: '1,2', userGroupId: 3 }, false],
    ['group 0 is denied', { ...on, courseUserGroups: [1, 2], userGroupId: 0 }, false],
    ['a null group is denied', { ...on, courseUserGroups: '1', userGroupId: null }, false],
    ['a course without a group list is open', { ...on, courseUserGroups: '', userGroupId: null }, true],
    ['the access-rights setting off opens it', { ...on, accessRightsEnabled: false, courseUserGroups: '1', userGroupId: null }, true],
    ['the USER_GROUP switch off opens it', { ...on, userGroupSwitchOn: false, courseUserGroups: '1', userGroupId: null }, true],
  ])('course access: %s', (_name, input, expected) => {
    expect(canAccessCourse(input)).toBe(expected);
  });
});

describe('order checks', () => {
  const base = { paymentMethodId: 1, owned: [], buyer: studentBuyer };

  it('passes a cart with a course, a plan and a payment method', () => {
    expect(checkOrder({ ...base, courses: [{ courseId: 1, courseType: 'Online', planId: 10 }] })).toEqual([]);
  });

  it('reports every unmet order check in order', () => {
    const problems = checkOrder({
      courses: [
        { courseId: 1, courseType: 'Online', planId: null },
        { courseId: 1, courseType: 'product', planId: 11 },
        { courseId: 2, courseType: 'Online', planId: 12 },
      ],
      paymentMethodId: null,
      owned: [{ courseId: 2, pricingType: 'others' }],
      buyer: { isStudent: false, isInstructor: true },
      applicablePromotionIds: [3],
      promotionId: null,
    });
    expect(problems).toEqual([
      { code: 'INSTRUCTOR_CANNOT_BUY' },
      { code: 'NO_PRICING_PLAN', courseId: 1 },
      { code: 'COURSE_DUPLICATE', courseId: 1 },
      { code: 'HAVE_COURSE', courseId: 2 },
      { code: 'NO_PAYMENT_METHOD' },
      { code: 'PROMOTION_REQUIRED' },
      { code: 'SHIPPING_ADDRESS_REQUIRED' },
      { code: 'SHIPPING_METHOD_REQUIRED' },
    ]);
  });

  it('requires at least one course', () => {
    expect(checkOrder({ ...base, courses: [] })).toEqual([{ code: 'CART_EMPTY' }]);
  });

  it('asks a course with a printed book for a shipping address and method, and not a course with an e-book', () => {
    const printed = { courseId: 1, courseType: 'Online' as const, planId: 10, shipsItem: courseShipsItem({ free_book: true, free_book_type: 'physical' }) };
    expect(checkOrder({ ...base, courses: [printed] })).toEqual([{ code: 'SHIPPING_ADDRESS_REQUIRED' }, { code: 'SHIPPING_METHOD_REQUIRED' }]);
    expect(checkOrder({ ...base, courses: [printed], shippingAddressId: 4, shippingFeeId: 2 })).toEqual([]);
    const ebook = { courseId: 1, courseType: 'Online' as const, planId: 10, shipsItem: courseShipsItem({ free_book: true, free_book_type: 'ebook' }) };
    expect(checkOrder({ ...base, courses: [ebook] })).toEqual([]);
  });

  it('ships a course only when its free book is a printed one', () => {
    expect(courseShipsItem({ free_book: true, free_book_type: 'physical' })).toBe(true);
    expect(courseShipsItem({ free_book: true, free_book_type: ' Physical ' })).toBe(true);
    expect(courseShipsItem({ free_book: false, free_book_type: 'physical' })).toBe(false);
    expect(courseShipsItem({ free_book: true, free_book_type: 'ebook' })).toBe(false);
    expect(courseShipsItem({ free_book: true, free_book_type: null })).toBe(false);
  });

  it('accepts a product with a shipping address and shipping method, and a chosen promotion', () => {
    expect(checkOrder({ ...base, courses: [{ courseId: 1, courseType: 'product', planId: 1 }], shippingAddressId: 4, shippingFeeId: 2, applicablePromotionIds: [1], promotionId: 1 })).toEqual([]);
  });
});
