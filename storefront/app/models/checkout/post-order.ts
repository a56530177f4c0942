import { ORDER_LIST_REDIRECT_DELAY_MS, THANK_YOU_REDIRECT_DELAY_MS } from '@sala/shared/constants';

/** Where a buyer goes once an order needs nothing more from them (spec: post-order redirects). */
export function postOrderPath(thankYouPage: boolean, orderToken: string | null | undefined): string {
  if (!thankYouPage) return '/myaccount/student/order';
  return orderToken ? `/thankyou?orderId=${encodeURIComponent(orderToken)}` : '/thankyou';
}

/** How long the success notice of a filed transfer report stays before the page moves on (spec sections 2 and 9): 500 ms to the thank-you page, 1000 ms to the order list. */
export function postReportDelayMs(thankYouPage: boolean): number {
  return thankYouPage ? THANK_YOU_REDIRECT_DELAY_MS : ORDER_LIST_REDIRECT_DELAY_MS;
}

/** The order list with the failure notice of one order's payment (ADR 136); the list checks the order before it tells. */
export function paymentFailedPath(orderId: number): string {
  return `/myaccount/student/order?payment=failed&order=${orderId}`;
}
