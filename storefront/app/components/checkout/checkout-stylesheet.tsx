import checkoutStylesHref from '~/styles/checkout.css?url';

/**
 * The stylesheet of the checkout's static classes. The course page loads the checkout and the
 * payment step on chunks of their own, whose CSS the route's links do not name, so the
 * server-rendered form names it itself (routes importing the fields get it through their links).
 */
export function CheckoutStylesheet() {
  return <link rel="stylesheet" href={checkoutStylesHref} />;
}
