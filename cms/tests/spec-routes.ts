/**
 * Every call of the old client (spec section 7), at the same method and path, with the
 * access level the CMS serves it at, then the calls behind the storefront's own pages that the
 * spec links to without naming a call (the promotion, quiz and homework pages). `payments`
 * marks provider-specific calls. `{param}` segments are filled by the tests.
 */
export type SpecRoute = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  access: 'public' | 'student' | 'shop_admin';
  payments?: true;
};

export const SPEC_ROUTES: SpecRoute[] = [
  { method: 'GET', path: '/public/course/videoplaylist/{courseId}', access: 'public' },
  { method: 'GET', path: '/public/payments/howtobuy', access: 'public' },
  { method: 'GET', path: '/private/progress/student/{userId}/course/{courseId}', access: 'student' },
  { method: 'GET', path: '/private/progress/lasttime/{userId}/course/{courseId}', access: 'student' },
  { method: 'GET', path: '/private/course/countdowntime/{courseId}', access: 'student' },
  { method: 'GET', path: '/public/cart/{userId}', access: 'student' },
  { method: 'GET', path: '/private/cart', access: 'student' },
  { method: 'GET', path: '/private/cart/ordercourse', access: 'student' },
  { method: 'GET', path: '/private/students', access: 'student' },
  { method: 'GET', path: '/api/user/group', access: 'public' },
  { method: 'GET', path: '/api/storage/details', access: 'shop_admin' },
  { method: 'POST', path: '/public/students/course-detail-page', access: 'public' },
  { method: 'POST', path: '/api/send/to/email/registration', access: 'student' },
  { method: 'POST', path: '/api/home/test_upload', access: 'public' },
  { method: 'POST', path: '/public/cart/getCouponByCouponCode', access: 'public' },
  { method: 'POST', path: '/public/cart/getallcoupon', access: 'public' },
  { method: 'POST', path: '/public/cart/getallpriecingplan', access: 'public' },
  { method: 'GET', path: '/public/cart/payments/methods', access: 'public' },
  { method: 'GET', path: '/api/setting/site/into/1', access: 'public' },
  { method: 'GET', path: '/public/cart/promotion/all', access: 'public' },
  { method: 'POST', path: '/private/cart/order', access: 'student' },
  { method: 'POST', path: '/public/cart/deleteorder', access: 'student' },
  { method: 'POST', path: '/public/cart/deleteitem', access: 'student' },
  { method: 'POST', path: '/public/payment/report', access: 'public' },
  { method: 'POST', path: '/api/bookstore/cart', access: 'student' },
  { method: 'GET', path: '/public/customlabel', access: 'public' },
  { method: 'GET', path: '/public/courses', access: 'public' },
  { method: 'GET', path: '/public/courses/{slug}/{flag}', access: 'public' },
  { method: 'POST', path: '/public/course/cate/pathname', access: 'public' },
  { method: 'GET', path: '/public/product', access: 'public' },
  { method: 'GET', path: '/public/products/{id}/{n}', access: 'public' },
  { method: 'POST', path: '/api/payment/2c2p/payment/link', access: 'student', payments: true },
  { method: 'POST', path: '/api/payment/2c2p/qr-code/link', access: 'student', payments: true },
  { method: 'POST', path: '/api/payment/scb/qrcode/create', access: 'student', payments: true },
  { method: 'GET', path: '/api/omise/creditcard/applicationid', access: 'public', payments: true },
  { method: 'GET', path: '/api/omise/promptpay/applicationid', access: 'public', payments: true },
  { method: 'POST', path: '/api/omise/creditcard', access: 'student', payments: true },
  { method: 'POST', path: '/api/omise/promptpay', access: 'student', payments: true },
  { method: 'POST', path: '/api/xendit', access: 'student', payments: true },
  { method: 'POST', path: '/api/xendit/promptpay', access: 'student', payments: true },
  { method: 'POST', path: '/api/paysolutions', access: 'student', payments: true },
  { method: 'GET', path: '/api/payments/methods/3', access: 'public', payments: true },
  { method: 'GET', path: '/api/payments/methods/banktreansfer', access: 'public' },
  { method: 'GET', path: '/public/payments/methods/1', access: 'public' },
  { method: 'GET', path: '/public/payments/methods/1/bank', access: 'public' },
  { method: 'GET', path: '/private/payments/methods/order/{orderId}', access: 'student' },
  { method: 'GET', path: '/private/orders/{orderId}', access: 'student' },
  { method: 'POST', path: '/private/payment/report', access: 'student' },
  { method: 'POST', path: '/private/orders/payment/approved', access: 'shop_admin' },
  { method: 'POST', path: '/api/send/to/email/paymentorder', access: 'student' },
  { method: 'PUT', path: '/private/myaccount/students/tax', access: 'student' },
  // pages the spec links to: /promotion/{id}, /quiz/{id}, /homework/{id}
  { method: 'GET', path: '/public/promotion/{id}', access: 'public' },
  { method: 'GET', path: '/private/course/{courseId}/quiz/{lectureId}', access: 'student' },
  { method: 'POST', path: '/private/course/{courseId}/quiz/{lectureId}', access: 'student' },
  { method: 'GET', path: '/private/course/{courseId}/homework/{lectureId}', access: 'student' },
  { method: 'POST', path: '/private/course/{courseId}/homework/{lectureId}', access: 'student' },
  { method: 'GET', path: '/private/admin/homework', access: 'shop_admin' },
];
