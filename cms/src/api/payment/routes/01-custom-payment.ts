/**
 * The payment calls of the old client (spec section 7) at their own paths, the
 * 2C2P card hand-off, installment and bank-transfer starts, polling, and the
 * providers' notification and return endpoints (public: providers and returning
 * browsers carry no session; the adapter verifies each message). The sandboxes
 * notify `/api/payments/<provider>/notify` and post 2C2P results to
 * `/api/payments/2c2p/result` by default. Registered from register() by http/routes.ts.
 */
import type { CustomRoute } from '../../../http/routes';

const pay = (action: string) => `api::payment.payment.${action}`;
const callback = (action: string) => `api::payment.callback.${action}`;

export const customRoutes: CustomRoute[] = [
  // starting a payment of the caller's own unpaid order
  { method: 'POST', path: '/api/payment/2c2p/payment/link', handler: pay('twoC2pLink'), access: 'student' },
  { method: 'POST', path: '/api/payment/2c2p/installment/link', handler: pay('twoC2pInstallmentLink'), access: 'student' },
  { method: 'POST', path: '/api/payment/2c2p/qr-code/link', handler: pay('twoC2pQrLink'), access: 'student' },
  { method: 'POST', path: '/api/payment/2c2p/creditcard', handler: pay('twoC2pCard'), access: 'student' },
  { method: 'POST', path: '/api/payment/scb/qrcode/create', handler: pay('scbQr'), access: 'student' },
  { method: 'POST', path: '/api/payment/bank-transfer', handler: pay('bankTransfer'), access: 'student' },
  { method: 'GET', path: '/api/omise/creditcard/applicationid', handler: pay('omiseCardKey'), access: 'public' },
  { method: 'GET', path: '/api/omise/promptpay/applicationid', handler: pay('omisePromptPayKey'), access: 'public' },
  { method: 'POST', path: '/api/omise/creditcard', handler: pay('omiseCard'), access: 'student' },
  { method: 'POST', path: '/api/omise/promptpay', handler: pay('omisePromptPay'), access: 'student' },
  { method: 'POST', path: '/api/xendit', handler: pay('xenditInvoice'), access: 'student' },
  { method: 'POST', path: '/api/xendit/promptpay', handler: pay('xenditPromptPay'), access: 'student' },
  { method: 'POST', path: '/api/paysolutions', handler: pay('paySolutions'), access: 'student' },
  { method: 'GET', path: '/api/payments/methods/3', handler: pay('methodThree'), access: 'public' },
  { method: 'POST', path: '/api/paypal/orders', handler: pay('paypalCreate'), access: 'student' },
  { method: 'POST', path: '/api/paypal/orders/:id/capture', handler: pay('paypalCapture'), access: 'student' },

  // polling
  { method: 'GET', path: '/private/orders/:orderId/payment-status', handler: pay('orderPaymentStatus'), access: 'student' },
  { method: 'POST', path: '/api/payments/attempts/:attemptId/refresh', handler: pay('refreshAttempt'), access: 'student' },

  // providers' notifications and browser returns
  { method: 'POST', path: '/api/payments/2c2p/notify', handler: callback('twoC2pNotify'), access: 'public' },
  { method: 'POST', path: '/api/payments/2c2p/result', handler: callback('twoC2pResult'), access: 'public' },
  { method: 'POST', path: '/api/payments/omise/notify', handler: callback('omiseNotify'), access: 'public' },
  { method: 'GET', path: '/api/payments/omise/return', handler: callback('omiseReturn'), access: 'public' },
  { method: 'POST', path: '/api/payments/xendit/notify', handler: callback('xenditNotify'), access: 'public' },
  { method: 'GET', path: '/api/payments/xendit/return', handler: callback('xenditReturn'), access: 'public' },
  { method: 'POST', path: '/api/payments/paysolutions/notify', handler: callback('paySolutionsNotify'), access: 'public' },
  { method: 'GET', path: '/api/payments/paysolutions/notify', handler: callback('paySolutionsNotify'), access: 'public' },
  { method: 'GET', path: '/api/payments/paysolutions/return', handler: callback('paySolutionsReturn'), access: 'public' },
  { method: 'POST', path: '/api/payments/paysolutions/return', handler: callback('paySolutionsReturn'), access: 'public' },
  { method: 'POST', path: '/api/payments/scb/notify', handler: callback('scbNotify'), access: 'public' },
  { method: 'GET', path: '/api/payments/paypal/return', handler: callback('paypalReturn'), access: 'public' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
