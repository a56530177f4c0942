/**
 * Accounts at the old client's paths: sign-in, sign-out (revokes the student's tokens), the
 * real-time ticket of the storefront's pages, sign-up from the course detail page, the
 * registration mail, the student's profile and tax info, and the public lists the
 * registration form is built from (user groups, custom labels, site settings).
 */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [
  { method: 'POST', path: '/public/students/login', handler: 'api::account.account.login', access: 'public' },
  { method: 'POST', path: '/public/students/course-detail-page', handler: 'api::account.account.register', access: 'public' },
  { method: 'POST', path: '/public/students/forgot-password', handler: 'api::account.password-reset.forgot', access: 'public' },
  { method: 'POST', path: '/public/students/reset-password', handler: 'api::account.password-reset.reset', access: 'public' },
  { method: 'POST', path: '/api/send/to/email/registration', handler: 'api::account.account.sendRegistrationMail', access: 'student' },
  { method: 'GET', path: '/private/students', handler: 'api::account.account.profile', access: 'student' },
  { method: 'POST', path: '/private/students/logout', handler: 'api::account.account.logout', access: 'student' },
  { method: 'POST', path: '/private/realtime/ticket', handler: 'api::account.account.realtimeTicket', access: 'student' },
  { method: 'PUT', path: '/private/myaccount/students/tax', handler: 'api::account.account.updateTax', access: 'student' },
  { method: 'GET', path: '/api/user/group', handler: 'api::account.public-settings.userGroups', access: 'public' },
  { method: 'GET', path: '/public/customlabel', handler: 'api::account.public-settings.customLabels', access: 'public' },
  { method: 'GET', path: '/api/setting/site/into/1', handler: 'api::account.public-settings.siteSettings', access: 'public' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
