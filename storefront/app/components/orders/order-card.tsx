/** One order of "my orders": number, date, state, lines and totals, the next step, course access. */
import { chakra } from '@chakra-ui/react';
import { useT } from '~/models/i18n';
import { NextStep, OrderActions, OrderAmounts, StatusBadge, type OrderCardData } from './order-parts';
import type { CertificateOutcome } from '~/models/orders/types';
import { OrderPaperwork } from './order-paperwork';

/** How long an approved course stays open, as the CMS counts it (dates formatted on the server). */
export type CourseAccessLine = {
  unlimited: boolean;
  expired: boolean;
  remaining: { days: number; hours: number; minutes: number } | null;
  until: string | null;
};

function AccessNote({ access }: { access: CourseAccessLine }) {
  const t = useT();
  if (access.unlimited) return <>{t('orders_access_unlimited')}</>;
  if (access.expired) return <chakra.span color="red.700">{t('countdown_expired')}</chakra.span>;
  return (
    <>
      {access.remaining ? t('countdown_remaining', access.remaining) : null}
      {access.until ? <chakra.span color="fg.muted"> ({t('orders_access_until', { date: access.until })})</chakra.span> : null}
    </>
  );
}

export function OrderCard({ order, access, certificate = null }: { order: OrderCardData; access: Record<number, CourseAccessLine>; certificate?: CertificateOutcome | null }) {
  const t = useT();
  const accessLines = order.status === 'approved' ? order.lines.filter((line) => line.courseId !== null && access[line.courseId]) : [];
  return (
    <chakra.article
      borderWidth="1px"
      borderColor="border"
      borderRadius="xl"
      bg="bg"
      p={{ base: '4', md: '5' }}
      data-testid="my-order"
      data-order-id={order.id}
      data-status={order.status}
      aria-labelledby={`order-${order.id}-title`}
    >
      <chakra.div display="flex" flexWrap="wrap" justifyContent="space-between" alignItems="center" gap="2" mb="1">
        <chakra.h2 id={`order-${order.id}-title`} fontWeight="700" fontSize="lg">
          {t('checkout_order_number', { id: order.id })}
        </chakra.h2>
        <StatusBadge status={order.status} />
      </chakra.div>
      {order.orderedAt ? (
        <chakra.p fontSize="sm" color="fg.muted" mb="3">
          {t('orders_ordered_at', { date: order.orderedAt })}
        </chakra.p>
      ) : null}
      <OrderAmounts order={order} />
      {order.status === 'pendingApproved' && order.report?.status === 'pending' ? (
        <chakra.p mt="3" fontSize="sm" color="blue.700">
          {t('orders_report_pending')}
        </chakra.p>
      ) : null}
      {order.status === 'rejected' || order.status === 'notYetReceived' ? (
        <chakra.div mt="3" fontSize="sm">
          <NextStep order={order} />
        </chakra.div>
      ) : null}
      {order.status === 'approved' && order.document ? (
        <chakra.p mt="3" fontSize="sm">
          <chakra.a href={`/private/orders/${order.id}/documents/receipt`} color="blue.700" textDecoration="underline" data-testid="order-document" download>
            {t(order.document.kind === 'tax_invoice' ? 'orders_document_tax_invoice' : 'orders_document_receipt', { code: order.document.code })}
          </chakra.a>
        </chakra.p>
      ) : null}
      <OrderPaperwork order={order} outcome={certificate?.orderId === order.id ? certificate : null} />
      {accessLines.length > 0 ? (
        <chakra.ul listStyleType="none" mt="3" fontSize="sm" data-testid="order-access">
          {accessLines.map((line) => (
            <li key={line.courseId}>
              {accessLines.length > 1 ? <chakra.span fontWeight="600">{line.title}: </chakra.span> : null}
              <AccessNote access={access[line.courseId!]} />
            </li>
          ))}
        </chakra.ul>
      ) : null}
      <chakra.div mt="4">
        <OrderActions order={order} />
      </chakra.div>
    </chakra.article>
  );
}
