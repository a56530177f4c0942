/**
 * The pages of a student's journey, as P8 measures them and the page budgets hold them: home,
 * the course page in the registration layout (four, the demo's) and in layout one, a product
 * page, then signed in as the demo student: the cart, the payment page of an unpaid order and
 * the playlist of a course the student owns.
 *
 * Each page is `{ id, label, path, cookie, before, after }`: `before`/`after` switch what the
 * page needs (the site's layout) and purge the storefront's caches so the next request renders it.
 */
import { BENCH_PAGE_CACHE_SECRET } from './storefront.mjs';
import { HOST, fetchBytes, fetchOk } from './common.mjs';
import { coursePagePath } from '../p1-course-page.mjs';
import { orderBody } from '../p4-orders.mjs';

const DEMO_STUDENT = { username: 'demo.student', password: 'demo1234' };

/** Empties the storefront's page cache and its copy of the CMS's reference data (as the CMS's purge does). */
export async function purgeStorefront(storefrontUrl) {
  const res = await fetch(`${storefrontUrl}/__sala/page-cache/purge`, { method: 'POST', headers: { 'x-sala-purge-secret': BENCH_PAGE_CACHE_SECRET } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`the storefront refused the purge (${res.status})`);
}

/** The first link of `html` whose path matches `pattern`, as a path. */
function firstLink(html, pattern, what) {
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    const href = match[1].replaceAll('&amp;', '&');
    if (pattern.test(href)) return new URL(href, `http://${HOST}`).pathname;
  }
  throw new Error(`no ${what} link found`);
}

/** Signs the demo student in through the storefront's own sign-in form; returns the session cookie. */
async function signIn(storefrontUrl) {
  const res = await fetch(`${storefrontUrl}/login?index`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: storefrontUrl },
    body: new URLSearchParams({ ...DEMO_STUDENT, redirect: '/' }),
  });
  await res.arrayBuffer();
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (res.status !== 302 || !cookie) throw new Error(`the demo student could not sign in (${res.status})`);
  return cookie;
}

/** An unpaid bank-transfer order of the demo student, for the payment page. */
async function unpaidOrder(cms) {
  const { courseId, planId } = await cms.call('prepareOrders', { buyers: 0, seat: null });
  const student = await cms.call('demoStudent');
  const res = await fetch(`${cms.url}/private/cart/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${student.jwt}` },
    body: orderBody(student, courseId, planId),
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`the demo student's order answered ${res.status}: ${JSON.stringify(body)}`);
  return body.orderId;
}

export async function journeyPages({ cms, storefront }) {
  const { pathname: coursePath } = await coursePagePath(cms.url, storefront.url);
  const products = await fetchOk(`${storefront.url}/products`);
  const productPath = firstLink(products.body.toString('utf8'), /^\/products\/\d+/, 'product');
  const cookie = await signIn(storefront.url);
  const myCourses = await fetchBytes(`${storefront.url}/myaccount/student/courses`, { cookie });
  if (myCourses.status !== 200) throw new Error(`my courses answered ${myCourses.status}`);
  const playlistPath = firstLink(myCourses.body.toString('utf8'), /^\/courses\/[^/]+\/learn/, 'playlist');
  const orderId = await unpaidOrder(cms);

  let previousLayout;
  const layoutOne = async () => {
    ({ previous: previousLayout } = await cms.call('siteLayout', { layout: '1' }));
    await purgeStorefront(storefront.url);
  };
  const layoutBack = async () => {
    await cms.call('siteLayout', { layout: previousLayout });
    await purgeStorefront(storefront.url);
  };

  return [
    { id: 'home', label: 'home', path: '/' },
    { id: 'course', label: 'course page (layout 4)', path: coursePath },
    { id: 'course-layout-1', label: 'course page (layout 1)', path: coursePath, before: layoutOne, after: layoutBack },
    { id: 'product', label: 'product page', path: productPath },
    { id: 'cart', label: 'cart (signed in)', path: '/cart', cookie },
    { id: 'pay', label: 'payment page', path: `/pay/${orderId}`, cookie },
    { id: 'playlist', label: 'playlist', path: playlistPath, cookie },
  ];
}
