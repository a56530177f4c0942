/**
 * What the signed-in student's own orders say about a course, as the course page shows it
 * instead of (or beside) its checkout: an unpaid order to continue paying, an order waiting for
 * the shop or refused, a course they own, a course their user group may not open, an access
 * that ran out. Purchase rules are the shared ones (spec 4: blocked while an order is
 * notYetReceived, pendingApproved or rejected; after approval only rebuyable types again).
 */
import { isRebuyable } from '@sala/shared/eligibility';
import type { CourseType } from '@sala/shared/constants';

export type CourseStudentState =
  | { kind: 'unpaid'; payPath: string }
  | { kind: 'pending' }
  | { kind: 'rejected' }
  | { kind: 'owned'; learnPath: string; canBuyAgain: boolean }
  | { kind: 'expired'; canBuyAgain: boolean }
  | { kind: 'locked' };

export type CourseStudentInput = {
  signedIn: boolean;
  courseType: string;
  statusOrder: string | null;
  orderCourseId: number | null;
  lockCourse: boolean;
  canLearn: boolean;
  learnLockReason: string | null;
  learnPath: string;
};

/** The state to show; null for a visitor, or a student with nothing about this course yet. */
export function studentStateOf(input: CourseStudentInput): CourseStudentState | null {
  if (!input.signedIn) return null;
  if (input.lockCourse) return { kind: 'locked' };
  const canBuyAgain = isRebuyable(input.courseType as CourseType);
  if (input.canLearn) return { kind: 'owned', learnPath: input.learnPath, canBuyAgain };
  switch (input.statusOrder) {
    case 'notYetReceived':
      return input.orderCourseId !== null ? { kind: 'unpaid', payPath: `/pay/${input.orderCourseId}` } : null;
    case 'pendingApproved':
      return { kind: 'pending' };
    case 'rejected':
      return { kind: 'rejected' };
    case 'approved':
      return input.learnLockReason === 'COURSE_ACCESS_EXPIRED' ? { kind: 'expired', canBuyAgain } : null;
    default:
      return null;
  }
}

/** Whether the page offers its checkout (or its buy link) to this student. */
export function mayBuy(state: CourseStudentState | null): boolean {
  if (state === null) return true;
  if (state.kind === 'owned' || state.kind === 'expired') return state.canBuyAgain;
  return false;
}
