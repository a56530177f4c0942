/** The video playlist, progress and the access countdown, at the old client's paths; the student's own courses; quiz and homework lectures, and the homework hand-ins for shop administrators. */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [
  { method: 'GET', path: '/public/course/videoplaylist/:courseId', handler: 'api::learning.learning.playlist', access: 'public' },
  { method: 'GET', path: '/private/progress/student/:userId/course/:courseId', handler: 'api::learning.learning.progressList', access: 'student' },
  { method: 'GET', path: '/private/progress/lasttime/:userId/course/:courseId', handler: 'api::learning.learning.lastProgress', access: 'student' },
  { method: 'POST', path: '/private/progress', handler: 'api::learning.learning.saveProgress', access: 'student' },
  { method: 'GET', path: '/private/course/:courseId/quiz/:lectureId', handler: 'api::learning.learning.quiz', access: 'student' },
  { method: 'POST', path: '/private/course/:courseId/quiz/:lectureId', handler: 'api::learning.learning.submitQuiz', access: 'student' },
  { method: 'GET', path: '/private/course/:courseId/homework/:lectureId', handler: 'api::learning.homework.find', access: 'student' },
  { method: 'POST', path: '/private/course/:courseId/homework/:lectureId', handler: 'api::learning.homework.submit', access: 'student' },
  { method: 'GET', path: '/private/admin/homework', handler: 'api::learning.homework.adminList', access: 'shop_admin' },
  { method: 'GET', path: '/private/course/countdowntime/:courseId', handler: 'api::learning.learning.countdown', access: 'student' },
  { method: 'GET', path: '/private/myaccount/students/courses', handler: 'api::learning.learning.myCourses', access: 'student' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
