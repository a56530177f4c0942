/**
 * /myaccount/student/order: the signed-in student's own orders, newest first: state, amounts
 * as the CMS priced them, date, what to do next (pay or report the transfer on /pay/{id},
 * start learning once approved, the shop's reason after a rejection), how long each approved
 * course stays open, and the tax-invoice details. A visitor signs in first and comes back.
 * A provider's page sends a declined payment back here with `?payment=failed&order={id}`: the
 * spec's failure notice shows once the CMS confirms that order's newest attempt was declined or
 * ran out (or, for a hosted payment link that could not be made, once the session says so), with
 * the one click that retries: this order while it can be paid, else a new order (ADR 178).
 */
import { chakra } from '@chakra-ui/react';
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { CmsApiError, CmsError } from '~/lib/cms.server';
import { OrderCard, type CourseAccessLine } from '~/components/orders/order-card';
import type { OrderCardData } from '~/components/orders/order-parts';
import { TaxSummary } from '~/components/orders/tax-summary';
import { textsOfMatches, translatorFromTexts, useT } from '~/models/i18n';
import { getLocale, getTexts } from '~/lib/i18n.server';
import { submitCertificate } from '~/lib/order-paperwork.server';
import { CERTIFICATE_INTENT } from '~/models/orders/types';
import { formatBangkokDateTime, getCourseAccess, getMyTaxInfo, isSessionExpired, listMyOrders, requireStudent } from '~/lib/orders.server';
import { sessionRefusedPage } from '~/lib/session-refusal.server';
import { readPaymentStatus } from '~/lib/payment.server';
import { commitSession, getSession } from '~/lib/session.server';
import { RetryOrderForm } from '~/components/payment/retry-order';
import type { loader as rootLoader } from '~/root';
import { withChakra } from '~/components/provider';

const PRIVATE_PAGE = 'private, no-store';

type FailedPayment = { orderId: number; payable: boolean; reorderable: boolean };

/** A payment attempt that did not go through: refused by its provider, or run out at the provider's end. */
const FAILED_ATTEMPTS = new Set(['rejected', 'expired']);

/**
 * The order a provider's page declined, when `?payment=failed&order={id}` names one of the
 * student's own orders that is not paid and whose newest payment attempt failed, or whose
 * payment link could not be made (`linkFailed`, read once from the session); null otherwise
 * (someone else's order, a later payment, a CMS hiccup: no notice rather than a wrong one).
 */
async function failedPaymentOf(url: URL, linkFailed: number | undefined, options: { jwt: string; locale: ReturnType<typeof getLocale>; signal: AbortSignal }): Promise<FailedPayment | null> {
  const orderParam = url.searchParams.get('order') ?? '';
  if (url.searchParams.get('payment') !== 'failed' || !/^\d{1,15}$/.test(orderParam)) return null;
  const orderId = Number(orderParam);
  try {
    const status = await readPaymentStatus(orderId, options);
    if (status.orderStatus === 'approved' || status.orderStatus === 'pendingApproved') return null;
    if (!FAILED_ATTEMPTS.has(status.attempts[0]?.status ?? '') && linkFailed !== orderId) return null;
    return { orderId, payable: status.orderStatus === 'notYetReceived', reorderable: status.orderStatus === 'cancelled' || status.orderStatus === 'expired' };
  } catch (error) {
    if (error instanceof CmsApiError || error instanceof CmsError) return null;
    throw error;
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const student = await requireStudent(request);
  const locale = getLocale(request);
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const options = { jwt: student.jwt, locale, signal: request.signal };
  const session = await getSession(request);
  const linkFailed = session.get('paymentFailed');
  const headers: Record<string, string> = { 'Cache-Control': PRIVATE_PAGE };
  // the one read of the flash: the session forgets it
  if (linkFailed !== undefined) headers['Set-Cookie'] = await commitSession(session);
  try {
    const [list, tax, failedPayment] = await Promise.all([listMyOrders(page, options), getMyTaxInfo(options), failedPaymentOf(url, linkFailed, options)]);
    // the access countdown of each course of an approved order on this page (one call per course)
    const courseIds = [...new Set(list.orders.filter((order) => order.status === 'approved').flatMap((order) => order.lines.map((line) => line.courseId)))].filter((id): id is number => id !== null);
    const accesses = await Promise.all(courseIds.map((courseId) => getCourseAccess(courseId, options)));
    const access: Record<number, CourseAccessLine> = {};
    for (const item of accesses) {
      if (item) access[item.courseId] = { unlimited: item.unlimited, expired: item.expired, remaining: item.remaining, until: formatBangkokDateTime(item.finishAt, locale) };
    }
    const orders: OrderCardData[] = list.orders.map(({ createdAt, approvedAt: _approvedAt, cancelAt: _cancelAt, ...order }) => ({
      ...order,
      orderedAt: formatBangkokDateTime(createdAt, locale),
      certificate: order.certificate ? { uploadedAt: formatBangkokDateTime(order.certificate.uploadedAt, locale) ?? '' } : null,
    }));
    const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
    return data({ orders, access, page, pages, tax, failedPayment }, { headers });
  } catch (error) {
    if (isSessionExpired(error)) throw sessionRefusedPage();
    throw error;
  }
}

/** The withholding certificate of one of the student's orders (ADR 197), sent with their own token. */
export async function action({ request }: ActionFunctionArgs) {
  const student = await requireStudent(request);
  const locale = getLocale(request);
  const formData = await request.formData();
  if (formData.get('intent') !== CERTIFICATE_INTENT) throw data(null, { status: 400, headers: { 'Cache-Control': PRIVATE_PAGE } });
  const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
  try {
    const { outcome, status } = await submitCertificate(formData, { jwt: student.jwt, locale, signal: request.signal, t });
    return data({ certificate: outcome }, { status, headers: { 'Cache-Control': PRIVATE_PAGE } });
  } catch (error) {
    if (isSessionExpired(error)) throw sessionRefusedPage();
    throw error;
  }
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_PAGE, Vary: 'Cookie' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.orders_title ?? 'My orders'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

/** Spec section 8: a declined card, PromptPay or pay-page payment, titled cart_fail with payment_fail. */
function PaymentFailedNotice({ failed }: { failed: FailedPayment }) {
  const t = useT();
  return (
    <chakra.section
      data-testid="payment-failure"
      data-order-id={failed.orderId}
      role="alert"
      borderWidth="1px"
      borderColor="border.error"
      bg="bg.error"
      borderRadius="xl"
      p={{ base: '4', md: '5' }}
      mb="5"
      display="flex"
      flexDirection="column"
      gap="2"
      alignItems="flex-start"
    >
      <chakra.h2 fontSize="lg" fontWeight="700" color="fg.error">
        {t('cart_fail')}
      </chakra.h2>
      <chakra.p>{t('payment_fail')}</chakra.p>
      <chakra.p fontSize="sm" color="fg.muted">
        {t('checkout_order_number', { id: failed.orderId })}
      </chakra.p>
      {failed.payable ? (
        <chakra.span color="brand" fontWeight="600" textDecoration="underline" asChild>
          <Link to={`/pay/${failed.orderId}`} data-testid="payment-failure-retry">
            {t('orders_pay_again')}
          </Link>
        </chakra.span>
      ) : failed.reorderable ? (
        <chakra.div mt="1">
          <RetryOrderForm orderId={failed.orderId} testId="payment-failure-retry" />
        </chakra.div>
      ) : null}
    </chakra.section>
  );
}

function MyOrders() {
  const { orders, access, page, pages, tax, failedPayment } = useLoaderData<typeof loader>();
  const certificate = useActionData<typeof action>()?.certificate ?? null;
  const t = useT();
  return (
    <chakra.div maxW="4xl" mx="auto" px="4" py={{ base: '6', md: '10' }} data-testid="my-orders">
      <chakra.h1 fontSize={{ base: '2xl', md: '3xl' }} fontWeight="700" mb="5">
        {t('orders_title')}
      </chakra.h1>
      {failedPayment ? <PaymentFailedNotice failed={failedPayment} /> : null}
      {orders.length === 0 ? (
        <chakra.div borderWidth="1px" borderColor="border" borderRadius="xl" p="8" textAlign="center" data-testid="my-orders-empty">
          <chakra.p>{t('orders_empty')}</chakra.p>
          <chakra.span display="inline-block" mt="3" color="brand" fontWeight="600" textDecoration="underline" asChild>
            <Link to="/">{t('cart_browse_courses')}</Link>
          </chakra.span>
        </chakra.div>
      ) : (
        <chakra.ul listStyleType="none" display="grid" gap="4">
          {orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} access={access} certificate={certificate} />
            </li>
          ))}
        </chakra.ul>
      )}
      {pages > 1 ? (
        <chakra.nav display="flex" justifyContent="center" alignItems="center" gap="4" mt="6" aria-label={t('orders_page_of', { page, pages })}>
          {page > 1 ? <Link to={`?page=${page - 1}`}>{t('button_previous')}</Link> : null}
          <span>{t('orders_page_of', { page, pages })}</span>
          {page < pages ? <Link to={`?page=${page + 1}`}>{t('button_next')}</Link> : null}
        </chakra.nav>
      ) : null}
      <TaxSummary tax={tax} />
    </chakra.div>
  );
}
export default withChakra(MyOrders);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
