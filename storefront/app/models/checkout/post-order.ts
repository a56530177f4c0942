/** Where a buyer goes once an order needs nothing more from them (spec: post-order redirects). */
export function postOrderPath(thankYouPage: boolean, orderToken: string | null | undefined): string {
  if (!thankYouPage) return '/myaccount/student/order';
  return orderToken ? `/thankyou?orderId=${encodeURIComponent(orderToken)}` : '/thankyou';
}
