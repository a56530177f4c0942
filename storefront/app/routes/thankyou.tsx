/**
 * /thankyou?orderId={order_token}: where a buyer lands after an order needs nothing more from
 * them. The order's summary shows when the signed-in buyer finished that very order here
 * (the session remembers it); otherwise a plain thank-you.
 */
import { chakra } from '@chakra-ui/react';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { formatMoney, money } from '@sala/shared/money';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { toMinorUnits } from '~/components/checkout/pricing';
import { CmsApiError, CmsError, getOrderForPayment } from '~/lib/cms.server';
import { useLocale, useT } from '~/lib/i18n';
import { getLocale } from '~/lib/i18n.server';
import { getSession } from '~/lib/session.server';
import type { loader as rootLoader } from '~/root';

type OrderSummary = {
  id: number;
  status: string;
  currency: 'THB' | 'USD';
  netAmount: number;
  discountAmount: number;
  items: { title: string; netAmount: number }[];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('orderId')?.trim() || null;
  const session = await getSession(request);
  const student = session.get('student');
  const last = session.get('lastOrder');
  let order: OrderSummary | null = null;
  if (token && student && last && last.token === token) {
    try {
      const found = await getOrderForPayment(last.id, { jwt: student.jwt, locale: getLocale(request), signal: request.signal });
      if (found.order_token === token) {
        const minor = (major: number) => toMinorUnits(major, found.currency_code) ?? 0;
        order = {
          id: found.id,
          status: found.payment_status,
          currency: found.currency_code,
          netAmount: minor(found.net),
          discountAmount: minor(found.discount),
          items: found.order_course_list.map((line) => ({ title: line.title, netAmount: minor(line.net) })),
        };
      }
    } catch (error) {
      if (!(error instanceof CmsError) && !(error instanceof CmsApiError)) throw error;
      console.warn(`[thank you] order ${last.id} unavailable: ${error.message}`);
    }
  }
  return data({ order }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = matches.find((match) => match.id === 'root')?.data?.texts;
  return [{ title: `${texts?.thankyou_title ?? 'Thank you'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

const Panel = chakra('section', { base: { maxW: '2xl', mx: 'auto', px: '4', py: { base: '10', md: '16' } } });
const ActionLink = chakra(Link, { base: { color: 'brand', fontWeight: '600', textDecoration: 'underline' } });

export default function ThankYou() {
  const { order } = useLoaderData<typeof loader>();
  const t = useT();
  const locale = useLocale();
  return (
    <Panel data-testid="thankyou">
      <chakra.h1 fontSize={{ base: '2xl', md: '3xl' }} fontWeight="700" textAlign="center">
        {t('thankyou_title')}
      </chakra.h1>
      <chakra.p color="fg.muted" textAlign="center" mt="2">
        {t('thankyou_description')}
      </chakra.p>
      {order ? (
        <chakra.div mt="8" borderWidth="1px" borderColor="border" borderRadius="xl" p={{ base: '4', md: '6' }} data-testid="thankyou-order">
          <chakra.p fontWeight="700">{t('checkout_order_number', { id: order.id })}</chakra.p>
          <chakra.p fontSize="sm" color="fg.muted" data-testid="thankyou-status">
            {t(`order_status_${order.status}`)}
          </chakra.p>
          <chakra.ul listStyle="none" mt="4" display="flex" flexDirection="column" gap="2">
            {order.items.map((item) => (
              <chakra.li key={item.title} display="flex" justifyContent="space-between" gap="4">
                <span>{item.title}</span>
                <span>{formatMoney(money(item.netAmount, order.currency), locale)}</span>
              </chakra.li>
            ))}
          </chakra.ul>
          <chakra.p display="flex" justifyContent="space-between" borderTopWidth="1px" borderColor="border" mt="4" pt="3" fontWeight="700">
            <span>{t('cart_amount_to_pay')}</span>
            <span data-testid="thankyou-total">{formatMoney(money(order.netAmount, order.currency), locale)}</span>
          </chakra.p>
        </chakra.div>
      ) : null}
      <chakra.div mt="8" display="flex" justifyContent="center" gap="6" flexWrap="wrap">
        <ActionLink to="/myaccount/student/order">{t('nav_my_orders')}</ActionLink>
        <ActionLink to="/">{t('nav_home')}</ActionLink>
      </chakra.div>
    </Panel>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
