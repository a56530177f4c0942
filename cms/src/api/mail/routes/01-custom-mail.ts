/** The outbox's failing mails, for the shop's administrators (ADR 199). */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [
  { method: 'GET', path: '/private/mails/failing', handler: 'api::mail.mail.failing', access: 'shop_admin' },
  { method: 'POST', path: '/private/mails/:id/retry', handler: 'api::mail.mail.retry', access: 'shop_admin' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
