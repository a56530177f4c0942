/**
 * /admin/orders: paid orders and their paperwork (ADRs 197 and 198), newest approval first, or
 * only the approved orders paid with withholding whose certificate has not arrived (with their
 * count); each opens its buyer's certificate and its credit note; an approved order can be
 * cancelled with a reason, which the CMS turns into a credit note in the same transaction.
 */
import { chakra } from '@chakra-ui/react';
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { buildCancelPaidOrderSchema } from '@sala/shared/schemas';
import { PaidOrderCard, type PaidOrderView } from '~/components/admin/paid-order-card';
import { requireShopAdmin } from '~/lib/admin.server';
import { CmsApiError } from '~/lib/cms.server';
import { getLocale, getTexts } from '~/lib/i18n.server';
import { ADMIN_ORDER_FILTERS, cancelPaidOrder, listAdminOrders, type AdminOrderFilter } from '~/lib/order-paperwork.server';
import { formatBangkokDateTime } from '~/lib/orders.server';
import { textsOfMatches, translatorFromTexts, useT } from '~/models/i18n';
import type { loader as rootLoader } from '~/root';

const PRIVATE_PAGE = 'private, no-store';

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireShopAdmin(request);
  const locale = getLocale(request);
  const url = new URL(request.url);
  const asked = url.searchParams.get('filter') ?? 'all';
  const filter: AdminOrderFilter = (ADMIN_ORDER_FILTERS as readonly string[]).includes(asked) ? (asked as AdminOrderFilter) : 'all';
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const list = await listAdminOrders(filter, page, { jwt: admin.jwt, locale, signal: request.signal });
  const orders: PaidOrderView[] = list.data.map((order) => ({
    ...order,
    approvedAt: formatBangkokDateTime(order.approvedAt, locale),
    certificate: order.certificate ? { fileName: order.certificate.fileName, uploadedAt: formatBangkokDateTime(order.certificate.uploadedAt, locale) ?? '' } : null,
  }));
  const pages = Math.max(1, Math.ceil(list.pagination.total / list.pagination.pageSize));
  return data({ orders, filter, page, pages, missing: list.missingCertificates }, { headers: { 'Cache-Control': PRIVATE_PAGE } });
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_PAGE, Vary: 'Cookie' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.admin_orders_title ?? 'Orders'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireShopAdmin(request);
  const locale = getLocale(request);
  const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
  const form = await request.formData();
  const orderId = Number(form.get('orderId'));
  const reply = (result: { ok: boolean; orderId: number; message: string }, status = 200) => data(result, { status, headers: { 'Cache-Control': PRIVATE_PAGE } });
  if (!Number.isSafeInteger(orderId) || orderId < 1) return reply({ ok: false, orderId: 0, message: t('error_validation_error') }, 400);
  const parsed = buildCancelPaidOrderSchema(t).safeParse({ reason: form.get('reason') ?? '' });
  if (!parsed.success) return reply({ ok: false, orderId, message: parsed.error.issues[0]?.message ?? t('admin_orders_cancel_reason_required') }, 400);
  try {
    const result = await cancelPaidOrder(orderId, parsed.data.reason, { jwt: admin.jwt, locale, signal: request.signal });
    const message = result.creditNote
      ? `${t('admin_orders_cancelled', { id: orderId })} · ${t('admin_orders_credit_note', { code: result.creditNote.code })}`
      : t('admin_orders_cancelled', { id: orderId });
    return reply({ ok: true, orderId, message });
  } catch (error) {
    if (!(error instanceof CmsApiError)) throw error;
    return reply({ ok: false, orderId, message: error.msg || t('error_order_state_conflict') }, error.status);
  }
}

export default function AdminOrders() {
  const { orders, filter, page, pages, missing } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = useT();
  const tab = (value: AdminOrderFilter, label: string) => (
    <chakra.span
      asChild
      px="3"
      py="1.5"
      borderRadius="full"
      borderWidth="1px"
      borderColor={filter === value ? 'teal.700' : 'border'}
      bg={filter === value ? 'teal.700' : 'transparent'}
      color={filter === value ? 'white' : 'fg'}
      fontWeight="600"
      fontSize="sm"
    >
      <Link to={value === 'all' ? '?' : `?filter=${value}`} aria-current={filter === value ? 'page' : undefined} data-testid={`admin-orders-filter-${value}`}>
        {label}
      </Link>
    </chakra.span>
  );
  return (
    <chakra.section aria-labelledby="admin-orders-title" data-testid="admin-orders" data-missing={missing}>
      <chakra.h1 id="admin-orders-title" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="700">
        {t('admin_orders_title')}
      </chakra.h1>
      <chakra.p color="fg.muted" mt="1" mb="3">
        {t('admin_orders_intro')}
      </chakra.p>
      <chakra.p fontWeight="600" mb="3" data-testid="admin-orders-missing-count">
        {t('admin_orders_missing_count', { count: missing })}
      </chakra.p>
      <chakra.nav aria-label={t('admin_orders_filter_label')} display="flex" flexWrap="wrap" gap="2" mb="4">
        {tab('all', t('admin_orders_filter_all'))}
        {tab('missing-certificate', t('admin_orders_filter_missing', { count: missing }))}
      </chakra.nav>
      {answer?.ok ? (
        <chakra.p role="status" color="green.700" fontWeight="600" mb="4" data-testid="admin-orders-notice">
          {answer.message}
        </chakra.p>
      ) : null}
      {orders.length === 0 ? (
        <chakra.p borderWidth="1px" borderColor="border" borderRadius="xl" p="6" textAlign="center" color="fg.muted" data-testid="admin-orders-empty">
          {t('admin_orders_empty')}
        </chakra.p>
      ) : (
        <chakra.ul listStyleType="none" display="grid" gap="3">
          {orders.map((order) => (
            <li key={order.id}>
              <PaidOrderCard order={order} refusal={answer && !answer.ok ? { orderId: answer.orderId, message: answer.message } : null} />
            </li>
          ))}
        </chakra.ul>
      )}
      {pages > 1 ? (
        <chakra.nav display="flex" justifyContent="center" alignItems="center" gap="4" mt="6" aria-label={t('orders_page_of', { page, pages })}>
          {page > 1 ? <Link to={`?filter=${filter}&page=${page - 1}`}>{t('button_previous')}</Link> : null}
          <span>{t('orders_page_of', { page, pages })}</span>
          {page < pages ? <Link to={`?filter=${filter}&page=${page + 1}`}>{t('button_next')}</Link> : null}
        </chakra.nav>
      ) : null}
    </chakra.section>
  );
}
