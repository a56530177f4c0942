/**
 * The admin panel's order actions (ADR 168), as admin routes: Strapi authenticates the admin's
 * JWT (never a storefront token or an API token), then `admin::hasPermissions` lets in only an
 * admin whose role holds ORDER_REVIEW_ACTION: every Super Admin, and a role it was given to
 * (Settings → Administration panel → Roles → ร้านค้า). Editors and Authors do not hold it.
 */
import type { Core } from '@strapi/strapi';

/** The permission, shown in the roles editor under Settings → ร้านค้า. */
export const ORDER_REVIEW_ACTION = 'api::order-review';

export const ORDER_ADMIN_PREFIX = '/sala-admin';

export function registerOrderReviewPermission(strapi: Core.Strapi): void {
  const actions = strapi.service('admin::permission').actionProvider;
  void actions.registerMany([{ section: 'settings', category: 'ร้านค้า', subCategory: 'คำสั่งซื้อ', displayName: 'อนุมัติ ไม่อนุมัติ และยกเลิกคำสั่งซื้อ', uid: 'order-review' }]);
}

export function registerOrderAdminRoutes(strapi: Core.Strapi): void {
  const policies = ['admin::isAuthenticatedAdmin', { name: 'admin::hasPermissions', config: { actions: [ORDER_REVIEW_ACTION] } }];
  const route = (path: string, action: string) => ({ method: 'POST', path, handler: `api::order-admin.order-admin.${action}`, config: { policies } });
  strapi.server.routes({
    type: 'admin',
    prefix: ORDER_ADMIN_PREFIX,
    routes: [
      route('/orders/:documentId/approve', 'approveOrder'),
      route('/orders/:documentId/reject', 'rejectOrder'),
      route('/orders/:documentId/cancel', 'cancelOrder'),
      route('/payment-reports/:documentId/approve', 'approveReport'),
      route('/payment-reports/:documentId/reject', 'rejectReport'),
    ],
  } as never);
}
