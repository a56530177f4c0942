import { describe, expect, it } from 'vitest';
import { mayBuy, studentStateOf, type CourseStudentInput } from './student-state';

const base: CourseStudentInput = {
  signedIn: true,
  courseType: 'Online',
  statusOrder: null,
  orderCourseId: null,
  lockCourse: false,
  canLearn: false,
  learnLockReason: 'COURSE_NOT_PURCHASED',
  learnPath: '/courses/5-excel/learn',
};

describe('studentStateOf', () => {
  it('says nothing to a visitor, whatever the answer holds', () => {
    expect(studentStateOf({ ...base, signedIn: false, statusOrder: 'notYetReceived', orderCourseId: 9 })).toBeNull();
  });

  it('sends a student with an unpaid order to that order’s payment page, and offers no checkout', () => {
    const state = studentStateOf({ ...base, statusOrder: 'notYetReceived', orderCourseId: 42, learnLockReason: 'ORDER_IN_PROGRESS' });
    expect(state).toEqual({ kind: 'unpaid', payPath: '/pay/42' });
    expect(mayBuy(state)).toBe(false);
  });

  it('sends an owner to the lessons; only a rebuyable type may be bought again', () => {
    const online = studentStateOf({ ...base, statusOrder: 'approved', canLearn: true, learnLockReason: null });
    expect(online).toEqual({ kind: 'owned', learnPath: '/courses/5-excel/learn', canBuyAgain: false });
    expect(mayBuy(online)).toBe(false);
    expect(mayBuy(studentStateOf({ ...base, courseType: 'Private-Classroom', statusOrder: 'approved', canLearn: true, learnLockReason: null }))).toBe(true);
  });

  it('tells a student whose group may not open the course why, before anything else', () => {
    const state = studentStateOf({ ...base, lockCourse: true, statusOrder: 'notYetReceived', orderCourseId: 3, learnLockReason: 'COURSE_ACCESS_DENIED' });
    expect(state).toEqual({ kind: 'locked' });
    expect(mayBuy(state)).toBe(false);
  });

  it('blocks buying while an order waits for approval or was refused, and tells an expired owner', () => {
    expect(studentStateOf({ ...base, statusOrder: 'pendingApproved', orderCourseId: 3 })).toEqual({ kind: 'pending' });
    expect(studentStateOf({ ...base, statusOrder: 'rejected', orderCourseId: 3 })).toEqual({ kind: 'rejected' });
    expect(studentStateOf({ ...base, statusOrder: 'approved', learnLockReason: 'COURSE_ACCESS_EXPIRED' })).toEqual({ kind: 'expired', canBuyAgain: false });
    expect(studentStateOf({ ...base, statusOrder: 'cancelled' })).toBeNull();
    expect(mayBuy(null)).toBe(true);
  });
});
