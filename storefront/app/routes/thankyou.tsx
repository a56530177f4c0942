/**
 * /thankyou?orderId={order_token}: where a buyer lands once an order needs nothing more from
 * them. The order's summary, state and next step show only to the signed-in account that owns
 * the order of that token (the CMS looks it up among the caller's own orders); anyone else,
 * and plain /thankyou, gets a generic thank-you. Once approved, its courses open from here.
 * While the order waits, the page asks again every few seconds.
 */
import { chakra } from '@chakra-ui/react';
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRevalidator } from '@remix-run/react';
import { PAYMENT_POLL_INTERVAL_MS } from '@sala/shared/constants';
import { useEffect } from 'react';
import { useOrderPush } from '~/components/payment/use-order-push';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { NextStep, OrderActions, OrderAmounts, StatusBadge, type OrderCardData } from '~/components/orders/order-parts';
import { CmsApiError, CmsError } from '~/lib/cms.server';
import { textsOfMatches, useT } from '~/models/i18n';
import { getLocale } from '~/lib/i18n.server';
import { findMyOrderByToken, formatBangkokDateTime } from '~/lib/orders.server';
import { getSessionStudent } from '~/lib/session.server';
import type { loader as rootLoader } from '~/root';
import { withChakra } from '~/components/provider';

const PRIVATE_PAGE = 'private, no-store';
const WAITING = ['notYetReceived', 'pendingApproved'];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('orderId')?.trim() || null;
  const student = await getSessionStudent(request);
  const locale = getLocale(request);
  let order: OrderCardData | null = null;
  if (token && student && token.length <= 64) {
    try {
      const found = await findMyOrderByToken(token, { jwt: student.jwt, locale, signal: request.signal });
      if (found) {
        const { createdAt, approvedAt: _approvedAt, cancelAt: _cancelAt, ...rest } = found;
        order = { ...rest, orderedAt: formatBangkokDateTime(createdAt, locale) };
      }
    } catch (error) {
      if (!(error instanceof CmsError) && !(error instanceof CmsApiError)) throw error;
      // an expired session or a CMS hiccup: the generic thank-you, never an error page
      console.warn(`[thank you] order unavailable: ${error.message}`);
    }
  }
  return data({ order, hasToken: Boolean(token), signedIn: Boolean(student), token }, { headers: { 'Cache-Control': PRIVATE_PAGE } });
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_PAGE, Vary: 'Cookie' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.thankyou_title ?? 'Thank you'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

const Panel = chakra('section', { base: { maxW: '2xl', mx: 'auto', px: '4', py: { base: '10', md: '16' } } });
const TextLink = chakra(Link, { base: { color: 'brand', fontWeight: '600', textDecoration: 'underline' } });

/**
 * Asks the server again every few seconds while the order waits for a payment or a review,
 * and at once when the real-time channel pushes a change of this order.
 */
function useRefreshWhileWaiting(waiting: boolean, orderId: number | null) {
  const revalidator = useRevalidator();
  useOrderPush(waiting ? orderId : null, () => {
    if (revalidator.state === 'idle') revalidator.revalidate();
  });
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') revalidator.revalidate();
    }, PAYMENT_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);
}

function ThankYou() {
  const { order, hasToken, signedIn, token } = useLoaderData<typeof loader>();
  const t = useT();
  useRefreshWhileWaiting(Boolean(order && WAITING.includes(order.status)), order?.id ?? null);
  return (
    <Panel data-testid="thankyou">
      <chakra.h1 fontSize={{ base: '2xl', md: '3xl' }} fontWeight="700" textAlign="center">
        {t('thankyou_title')}
      </chakra.h1>
      <chakra.p color="fg.muted" textAlign="center" mt="2">
        {t('thankyou_description')}
      </chakra.p>
      {order ? (
        <chakra.div mt="8" borderWidth="1px" borderColor="border" borderRadius="xl" p={{ base: '4', md: '6' }} bg="bg" data-testid="thankyou-order" data-order-id={order.id}>
          <chakra.div display="flex" flexWrap="wrap" justifyContent="space-between" alignItems="center" gap="2">
            <chakra.p fontWeight="700">{t('checkout_order_number', { id: order.id })}</chakra.p>
            <chakra.span data-testid="thankyou-status" data-status={order.status}>
              {t(`order_status_${order.status}`)}
            </chakra.span>
          </chakra.div>
          {order.orderedAt ? (
            <chakra.p fontSize="sm" color="fg.muted">
              {t('orders_ordered_at', { date: order.orderedAt })}
            </chakra.p>
          ) : null}
          <chakra.div mt="4">
            <OrderAmounts order={order} totalTestId="thankyou-total" />
          </chakra.div>
          <chakra.div mt="5" p="4" borderRadius="lg" bg="bg.muted">
            <chakra.p fontWeight="700" mb="1" display="flex" alignItems="center" gap="2">
              {t('thankyou_next_title')} <StatusBadge status={order.status} />
            </chakra.p>
            <NextStep order={order} />
            <chakra.div mt="3">
              <OrderActions order={order} />
            </chakra.div>
          </chakra.div>
        </chakra.div>
      ) : (
        <chakra.div mt="8" textAlign="center" data-testid="thankyou-generic">
          <chakra.p>{t('thankyou_generic')}</chakra.p>
          {hasToken && !signedIn ? (
            <chakra.p mt="3">
              <TextLink to={`/login?redirect=${encodeURIComponent(`/thankyou?orderId=${token ?? ''}`)}`}>{t('thankyou_sign_in_to_see')}</TextLink>
            </chakra.p>
          ) : null}
        </chakra.div>
      )}
      <chakra.div mt="8" display="flex" justifyContent="center" gap="6" flexWrap="wrap">
        <TextLink to="/myaccount/student/order">{t('nav_my_orders')}</TextLink>
        <TextLink to="/">{t('nav_home')}</TextLink>
      </chakra.div>
    </Panel>
  );
}
export default withChakra(ThankYou);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
