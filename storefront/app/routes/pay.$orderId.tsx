/**
 * /pay/{orderId}: the payment of the signed-in student's own unpaid order with the method
 * chosen when it was placed (the cart, the course page's checkout and "pay again" of my
 * orders all land here). Bank transfer shows the shop's accounts and the payment
 * notification; every other method starts its provider's payment through the CMS and the
 * screen follows the provider's browser step. An order already paid goes on to the
 * thank-you page (or the order list); anyone else's order is a 404.
 *
 * Actions (field `intent`): start (the method's payment, with the buyer's input as
 * `extra`), report (the bank-transfer notification), retry (the one click after a payment
 * that did not go through: this order again while it can be paid, else a new order with the
 * same selections, ADR 178).
 *
 * Drawn with plain elements and static classes (styles/payment.css): the page loads no Chakra
 * until a dialog opens (ADRs 210 and 217).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import { formatMoney, money } from '@sala/shared/money';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { OrderSummary, PaymentScreen, type StartActionData } from '~/components/payment/payment-screen';
import { RetryOrderForm } from '~/components/payment/retry-order';
import PaymentPanel from '~/components/checkout/payment-step';
import { buildPaymentStep } from '~/lib/checkout.server';
import { submitTransferReport } from '~/lib/transfer-report.server';
import { sessionRefusal } from '~/lib/session-refusal.server';
import { postOrderPath } from '~/models/checkout/post-order';
import { CmsApiError, CmsError, getOrderForPayment, getSiteSettings, isCmsNotFound } from '~/lib/cms.server';
import { textsOfMatches, translatorFromTexts, useT } from '~/models/i18n';
import { getLocale, getTexts } from '~/lib/i18n.server';
import { loadPayOrder, PaymentStartError, QR_METHOD_IDS, startPayment } from '~/lib/payment.server';
import { HOSTED_LINK_METHOD_IDS, leaveForOrderList, retryOrder, type RetryRefusal } from '~/lib/payment-retry.server';
import { commitSession, getSession, type AppSession } from '~/lib/session.server';
import type { loader as rootLoader } from '~/root';

const PRIVATE = { 'Cache-Control': 'private, no-store' };
/** Orders that can no longer be paid but can be ordered again with the same selections (ADR 178). */
const REORDERABLE = new Set(['cancelled', 'expired']);

function parseOrderId(value: string | undefined): number | null {
  return value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** A refusal of the CMS for someone else's order, or none at all, is the same 404. */
function isNotOwnOrder(error: unknown): boolean {
  return isCmsNotFound(error) || (error instanceof CmsApiError && (error.status === 403 || error.status === 404));
}

/** A paid order is remembered for the thank-you page, then the buyer goes on. */
async function leavePaid(session: AppSession, order: { id: number; order_token: string }, thankYouPage: boolean): Promise<Response> {
  session.set('lastOrder', { id: order.id, token: order.order_token });
  if (session.get('pendingOrder')?.id === order.id) session.unset('pendingOrder');
  return redirect(postOrderPath(thankYouPage, order.order_token), { headers: { 'Set-Cookie': await commitSession(session), ...PRIVATE } });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const orderId = parseOrderId(params.orderId);
  if (orderId === null) throw data(null, { status: 404, headers: PRIVATE });
  const session = await getSession(request);
  const student = session.get('student');
  if (!student) throw redirect(`/login?redirect=${encodeURIComponent(`/pay/${orderId}`)}`, { headers: PRIVATE });
  const locale = getLocale(request);
  const options = { jwt: student.jwt, locale, signal: request.signal };

  let loaded;
  try {
    loaded = await loadPayOrder(orderId, options);
  } catch (error) {
    // A token the CMS refused: a short notice under the session modal (ADR 179).
    if (sessionRefusal(error)) throw data(null, { status: 401, headers: PRIVATE });
    if (isNotOwnOrder(error)) throw data(null, { status: 404, headers: PRIVATE });
    throw error;
  }
  const { order, wire } = loaded;
  const settings = await getSiteSettings(options);
  if (order.status === 'approved' || order.status === 'pendingApproved') throw await leavePaid(session, wire, settings.is_thank_you_page);

  const payable = order.status === 'notYetReceived';
  const bankTransfer = payable && order.paymentMethodId === PAYMENT_METHOD_IDS.BANK_TRANSFER ? await buildPaymentStep({ order: wire, student, settings, locale, options, where: 'pay' }) : null;
  return data({ order, payable, reorderable: REORDERABLE.has(order.status), bankTransfer, qrMethod: QR_METHOD_IDS.includes(order.paymentMethodId ?? 0) }, { headers: PRIVATE });
}

export const headers = () => PRIVATE;

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.checkout_payment_title ?? 'Payment'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

function readExtra(value: FormDataEntryValue | null): Record<string, string> {
  if (typeof value !== 'string' || !value) return {};
  try {
    const parsed = JSON.parse(value) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length <= 8192));
  } catch {
    return {};
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const orderId = parseOrderId(params.orderId);
  if (orderId === null) throw data(null, { status: 404, headers: PRIVATE });
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '');
  const locale = getLocale(request);
  const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
  const session = await getSession(request);
  const student = session.get('student');
  if (!student) throw redirect(`/login?redirect=${encodeURIComponent(`/pay/${orderId}`)}`, { headers: PRIVATE });
  const options = { jwt: student.jwt, locale, signal: request.signal };

  if (intent === 'report') {
    const settings = await getSiteSettings(options);
    const outcome = await submitTransferReport({ formData, session, courseId: 0, orderId, settings, locale, t, signal: request.signal });
    if (outcome instanceof Response) return outcome;
    const headers = new Headers(PRIVATE);
    if (outcome.setCookie) headers.append('Set-Cookie', outcome.setCookie);
    return data(outcome.result, { headers });
  }
  if (intent === 'retry') {
    const retried = await retryOrder(orderId, { ...options, locale }, t, PRIVATE);
    if (retried instanceof Response) return retried;
    return data<RetryRefusal>(retried, { headers: PRIVATE });
  }
  if (intent !== 'start') throw data(null, { status: 400, headers: PRIVATE });

  // The method is the order's own, as the CMS holds it; the browser only names the order.
  let wire;
  try {
    wire = await getOrderForPayment(orderId, options);
  } catch (error) {
    const refusal = sessionRefusal(error);
    if (refusal) return data<StartActionData>({ intent: 'start', ok: false, code: 'PERMISSION_DENIED', message: t('error_permission_denied'), sessionRefused: refusal }, { headers: PRIVATE });
    if (isNotOwnOrder(error)) throw data(null, { status: 404, headers: PRIVATE });
    throw error;
  }
  const settings = await getSiteSettings(options);
  const methodId = wire.payment_method_id ?? 0;
  // A start that failed may have ended the order (a provider's refusal cancels it): Try again only while it can still be paid.
  const failed = async (code: string, message: string) => {
    const after = await getOrderForPayment(orderId, options).catch(() => null);
    return data<StartActionData>({ intent: 'start', ok: false, code, message, payable: after?.payment_status === 'notYetReceived' }, { headers: PRIVATE });
  };
  if (wire.payment_status === 'approved' || wire.payment_status === 'pendingApproved') return leavePaid(session, wire, settings.is_thank_you_page);
  if (wire.payment_status !== 'notYetReceived') return failed('ORDER_STATE_CONFLICT', t('payment_order_not_payable'));

  try {
    const started = await startPayment({ orderId, methodId, extra: readExtra(formData.get('extra')), jwt: student.jwt, locale, signal: request.signal });
    if (started.browser.kind === 'done') return leavePaid(session, wire, settings.is_thank_you_page);
    // Without script the browser follows the provider's page itself.
    if (formData.get('js') !== '1' && started.browser.kind === 'redirect') return redirect(started.browser.url, { headers: PRIVATE });
    return data<StartActionData>({ intent: 'start', ok: true, browser: started.browser, attemptId: started.attemptId, startedAt: Date.now() }, { headers: PRIVATE });
  } catch (error) {
    // Spec section 8: a hosted payment link that could not be made goes to the order list (its notice says so).
    if (HOSTED_LINK_METHOD_IDS.includes(methodId) && (error instanceof PaymentStartError || error instanceof CmsApiError || error instanceof CmsError)) {
      console.warn(`[pay] order ${orderId} method ${methodId}: the payment link was not made (${error instanceof CmsApiError ? error.code : error.message})`);
      return leaveForOrderList(session, orderId, PRIVATE);
    }
    if (error instanceof PaymentStartError) return failed(error.code, t('payment_fail'));
    if (error instanceof CmsApiError) {
      console.warn(`[pay] order ${orderId} method ${wire.payment_method_id}: ${error.code}`);
      if (error.code === 'MINIMUM_AMOUNT') return failed(error.code, t('cart_minimum_payment', { amount: formatMoney(money(2000, 'THB'), locale) }));
      if (error.code === 'ORDER_STATE_CONFLICT') return failed(error.code, t('payment_order_not_payable'));
      return failed(error.code, t('payment_fail'));
    }
    if (error instanceof CmsError) {
      console.error(`[pay] order ${orderId}: ${error.message}`);
      return failed(error.code, t('payment_fail'));
    }
    throw error;
  }
}

/** Starting a payment changes nothing the page loaded; a filed report leaves the page on its own. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) => {
  const intent = formData?.get('intent');
  if (intent === 'start') return false;
  if (intent === 'report' && (actionResult as { reported?: unknown } | undefined)?.reported) return false;
  // A token the CMS refused (ADR 179): the page stays as it is under the session modal.
  if ((actionResult as { sessionRefused?: unknown } | undefined)?.sessionRefused) return false;
  return defaultShouldRevalidate;
};

export default function PayRoute() {
  const { order, payable, reorderable, bankTransfer, qrMethod } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as RetryRefusal | StartActionData | undefined;
  const t = useT();
  return (
    <div className="pay-page" data-testid="pay-page" data-order-id={order.id}>
      <h1 className="pay-title">{t('checkout_payment_title')}</h1>
      {bankTransfer ? (
        <PaymentPanel payment={bankTransfer} waitForScripts />
      ) : (
        <>
          <OrderSummary order={order} />
          {payable ? (
            <PaymentScreen order={order} qrMethod={qrMethod} />
          ) : (
            <div className="ck-panel" data-testid="pay-not-payable">
              <p>{t('payment_order_not_payable')}</p>
              <p className="pay-sm ck-muted">{t(`order_status_${order.status}`)}</p>
              {refusal?.intent === 'retry' && !refusal.ok ? (
                <p role="alert" className="ck-error-text ck-strong ck-gap-top-3" data-testid="retry-refused">
                  {refusal.message}
                </p>
              ) : null}
              {reorderable ? (
                <div className="ck-gap-top-3">
                  <RetryOrderForm orderId={order.id} />
                </div>
              ) : null}
              <a href="/myaccount/student/order" className="ck-link ck-gap-top-3 pay-inline-block">
                {t('nav_my_orders')}
              </a>
            </div>
          )}
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
