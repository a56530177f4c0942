/** Cart lookups at the old client's paths: how to buy, promotions, plans, coupons, payment methods and banks; and the shop's books for shop admins. */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [
  { method: 'GET', path: '/public/payments/howtobuy', handler: 'api::shop.shop.howToBuy', access: 'public' },
  { method: 'GET', path: '/public/cart/promotion/all', handler: 'api::shop.shop.promotions', access: 'public' },
  { method: 'GET', path: '/public/promotion/:id', handler: 'api::shop.shop.promotion', access: 'public' },
  { method: 'POST', path: '/public/cart/getallpriecingplan', handler: 'api::shop.shop.pricingPlans', access: 'public' },
  { method: 'POST', path: '/public/cart/getallcoupon', handler: 'api::shop.shop.couponsByIds', access: 'public' },
  { method: 'POST', path: '/public/cart/getCouponByCouponCode', handler: 'api::shop.shop.couponByCode', access: 'public' },
  { method: 'GET', path: '/public/cart/payments/methods', handler: 'api::shop.shop.paymentMethods', access: 'public' },
  { method: 'GET', path: '/public/payments/methods/1', handler: 'api::shop.shop.bankTransferMethod', access: 'public' },
  { method: 'GET', path: '/public/payments/methods/1/bank', handler: 'api::shop.shop.bankAccounts', access: 'public' },
  { method: 'GET', path: '/api/payments/methods/banktreansfer', handler: 'api::shop.shop.originBanks', access: 'public' },
  // The shop's books (ADR 185): the sales overview and the CSV exports of a period.
  { method: 'GET', path: '/private/admin/sales', handler: 'api::shop.books.summary', access: 'shop_admin' },
  { method: 'GET', path: '/private/admin/sales/orders.csv', handler: 'api::shop.books.ordersCsv', access: 'shop_admin' },
  { method: 'GET', path: '/private/admin/sales/payment-reports.csv', handler: 'api::shop.books.reportsCsv', access: 'shop_admin' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
