/** Bank-transfer reports, their e-mail and the shop's review, at the old client's paths. */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [
  { method: 'POST', path: '/private/payment/report', handler: 'api::bank-transfer.report.filePrivate', access: 'student' },
  { method: 'POST', path: '/public/payment/report', handler: 'api::bank-transfer.report.filePublic', access: 'public' },
  { method: 'POST', path: '/api/send/to/email/paymentorder', handler: 'api::bank-transfer.notification.sendPaymentOrder', access: 'student' },
  { method: 'POST', path: '/private/orders/payment/approved', handler: 'api::bank-transfer.review.approve', access: 'shop_admin' },
  { method: 'POST', path: '/private/orders/payment/rejected', handler: 'api::bank-transfer.review.reject', access: 'shop_admin' },
  { method: 'GET', path: '/private/payments/reports', handler: 'api::bank-transfer.review.list', access: 'shop_admin' },
  { method: 'GET', path: '/private/payments/slip-refusals', handler: 'api::bank-transfer.review.slipRefusals', access: 'shop_admin' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
