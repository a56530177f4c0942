import { describe, expect, it } from 'vitest';
import { myCourseView } from './my-courses.server';

const wire = {
  course_id: 5,
  title: 'Excel สำหรับการทำงาน',
  link_path: '/courses/5-excel',
  picture_url: null,
  picture_sources: [],
  lectures_total: 4,
  lectures_completed: 1,
  access: { lifetime: false, days_left: 12, expired: false },
  can_learn: true,
  lock_reason: null,
  last_lecture_id: 31,
};

describe('myCourseView', () => {
  it('opens the playlist at the lecture saved last, with the days left', () => {
    expect(myCourseView(wire)).toMatchObject({ continuePath: '/courses/5-excel/learn?lecture=31', started: true, daysLeft: 12, unlimited: false, lecturesCompleted: 1, lecturesTotal: 4 });
  });

  it('opens the playlist at its start before any progress, and reads a plan without term as unlimited', () => {
    expect(myCourseView({ ...wire, last_lecture_id: null, access: { lifetime: true, days_left: null, expired: false } })).toMatchObject({
      continuePath: '/courses/5-excel/learn',
      started: false,
      daysLeft: null,
      unlimited: true,
    });
  });

  it('keeps the reason only when the lessons do not open', () => {
    expect(myCourseView({ ...wire, can_learn: false, lock_reason: 'COURSE_ACCESS_EXPIRED', access: { lifetime: false, days_left: 0, expired: true } })).toMatchObject({
      canLearn: false,
      lockReason: 'COURSE_ACCESS_EXPIRED',
      expired: true,
    });
  });
});
