/**
 * /cart: the signed-in student's cart (lines from the CMS cart calls), with the promotion
 * choice, the coupon box, the payment methods and a price summary from the shared pricing
 * engine; the pay button places the order (POST /private/cart/order) and hands over to the
 * payment of that order at /pay/{orderId}, or straight to the thank-you redirect when the
 * CMS's total is zero. A visitor sees the sign-in panel here (the page view stays /cart).
 *
 * Adding to the cart, for any page (course or product):
 *   POST /cart/add   fields: courseId (required), planId (optional), redirect (optional local path)
 * or the same fields with intent=add posted to /cart. A visitor is sent to /cart?course={id},
 * which signs them in and then adds the course. GET /cart?course={id}[&plan={planId}] adds it
 * for a signed-in student too (the course page's register link), then shows the cart.
 *
 * Actions (field `intent`): login, add, remove, coupon, order, shipping-address (saves the
 * delivery address of a cart with physical items; see components/shipping/), bookstore (hands
 * every book of the cart to the book retailer, POST /api/bookstore/cart/mine, and sends the
 * browser to the retailer's page; the CMS builds that cart from its own rows). The order posts
 * the tax-invoice request (isRequireTaxInvoice, taxPersonType) and the withholding choice
 * (isWithholding, withholdingPercent); the details themselves are saved on the account by
 * the tax modal (/withholding-tax), where the CMS reads them.
 */
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { CartPage } from '~/components/cart/cart-page';
import { LoginPanel } from '~/components/cart/login-panel';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { handleLoginPost, PRIVATE_NO_STORE } from '~/lib/auth.server';
import { sessionRefusal } from '~/lib/session-refusal.server';
import { addToCartFromForm, addToCartOrMessage, loadCartData, placeCartOrder, removeCartLine } from '~/lib/cart.server';
import { handOffCartToBookstore } from '~/lib/products.server';
import { lookUpCoupon } from '~/lib/coupons.server';
import { CmsApiError, CmsError } from '~/lib/cms.server';
import { getLocale, getTexts } from '~/lib/i18n.server';
import { getSessionStudent } from '~/lib/session.server';
import { readShippingChoices, saveShippingAddress } from '~/lib/shipping.server';
import type { loader as rootLoader } from '~/root';
import { textsOfMatches, translatorFromTexts } from '~/models/i18n';

function positiveId(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The tax-invoice fields of the cart form: the request with its person type, and withholding with its rate. */
function readTaxChoices(formData: FormData) {
  const personType = formData.get('taxPersonType') === 'normal_person' ? ('normal_person' as const) : ('juristic_person' as const);
  return {
    taxInvoice: formData.get('isRequireTaxInvoice') === 'on' ? { personType } : null,
    withholding: { enabled: formData.get('isWithholding') === 'on', percent: formData.get('withholdingPercent') === '1' ? (1 as const) : (3 as const) },
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const locale = getLocale(request);
  const student = await getSessionStudent(request);
  const headers = { 'Cache-Control': PRIVATE_NO_STORE };
  const courseId = positiveId(url.searchParams.get('course'));
  if (!student) {
    const redirectTo = courseId ? `/cart?${url.searchParams}` : '/cart';
    return data({ student: null, redirectTo, cart: null, addError: null }, { headers });
  }
  let addError: string | null = null;
  if (courseId) {
    const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
    addError = await addToCartOrMessage({ student, courseId, planId: positiveId(url.searchParams.get('plan')), locale, t, signal: request.signal });
    if (!addError) throw redirect('/cart', { headers });
  }
  let cart;
  try {
    cart = await loadCartData({ jwt: student.jwt, locale, signal: request.signal, now: new Date() });
  } catch (error) {
    // A token the CMS refused: the page shows the session modal over a short notice (ADR 179).
    if (sessionRefusal(error)) throw data(null, { status: 401, headers });
    throw error;
  }
  return data({ student: { name: student.name }, redirectTo: '/cart', cart, addError }, { headers });
}

export const headers: HeadersFunction = ({ errorHeaders }) => ({ 'Cache-Control': errorHeaders ? 'no-store' : PRIVATE_NO_STORE, Vary: 'Cookie' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.cart_title ?? 'Cart'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

type Intent = 'login' | 'add' | 'remove' | 'coupon' | 'order' | 'shipping-address' | 'bookstore';
const INTENTS: readonly Intent[] = ['login', 'add', 'remove', 'coupon', 'order', 'shipping-address', 'bookstore'];

function reply<T>(result: T, status = 200) {
  return data(result, { status, headers: { 'Cache-Control': PRIVATE_NO_STORE } });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '') as Intent;
  if (!INTENTS.includes(intent)) throw data(null, { status: 400 });
  if (intent === 'login') return handleLoginPost(request, formData, '/cart');
  if (intent === 'add') return addToCartFromForm(request, formData);

  const locale = getLocale(request);
  const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
  const student = await getSessionStudent(request);
  if (!student) return redirect('/cart', { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
  const options = { jwt: student.jwt, locale, signal: request.signal };
  try {
    switch (intent) {
      case 'remove': {
        const itemId = positiveId(formData.get('itemId'));
        if (itemId) await removeCartLine(student, itemId, options);
        return reply({ intent: 'remove' as const, removed: itemId });
      }
      case 'coupon': {
        const result = await lookUpCoupon({ code: String(formData.get('code') ?? ''), student, locale, signal: request.signal });
        return reply(result);
      }
      case 'shipping-address': {
        return reply(await saveShippingAddress(formData, t, options));
      }
      case 'bookstore': {
        try {
          return redirect(await handOffCartToBookstore(options), { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
        } catch (error) {
          if (error instanceof CmsApiError && error.status < 500) return reply({ intent: 'bookstore' as const, error: { field: null, message: error.msg || t('server_error_title') } });
          if (!(error instanceof CmsError || error instanceof CmsApiError)) throw error;
          console.error(`[cart] bookstore failed: ${error.message}`);
          return reply({ intent: 'bookstore' as const, error: { field: null, message: t('error_bookstore_unavailable') } }, 503);
        }
      }
      case 'order': {
        const promotion = String(formData.get('promotionId') ?? '');
        const outcome = await placeCartOrder({
          student,
          choices: {
            paymentMethodId: positiveId(formData.get('paymentMethodId')),
            promotionId: promotion === 'auto' ? 'auto' : positiveId(promotion),
            couponCodes: formData
              .getAll('couponCodes')
              .map((code) => String(code).trim().toUpperCase())
              .filter(Boolean),
            ...readShippingChoices(formData),
            ...readTaxChoices(formData),
          },
          locale,
          t,
          signal: request.signal,
        });
        if (outcome.ok) return redirect(outcome.redirectTo, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
        return reply({ intent: 'order' as const, error: { field: outcome.field, message: outcome.message } });
      }
    }
  } catch (error) {
    const refusal = sessionRefusal(error);
    if (refusal) {
      console.warn(`[cart] ${intent}: the CMS refused the token of student ${student.userId} (${refusal})`);
      return reply({ intent, error: { field: null, message: t(refusal === 'signout' ? 'error_whitelist_user_denied' : 'error_permission_denied') }, sessionRefused: refusal }, 401);
    }
    if (error instanceof CmsError || error instanceof CmsApiError) {
      console.error(`[cart] ${intent} failed: ${error.message}`);
      return reply({ intent, error: { field: null, message: t('server_error_title') } }, 503);
    }
    throw error;
  }
}

/** A coupon lookup changes nothing the page loaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  if (formData?.get('intent') === 'coupon') return false;
  return defaultShouldRevalidate;
};

export default function CartRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="cart-page" data-testid="cart-page">
      {page.cart ? <CartPage cart={page.cart} studentName={page.student?.name ?? ''} addError={page.addError} /> : <LoginPanelForCart redirectTo={page.redirectTo} />}
    </div>
  );
}

function LoginPanelForCart({ redirectTo }: { redirectTo: string }) {
  return <LoginPanel redirectTo={redirectTo} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
