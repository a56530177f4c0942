/**
 * Pieces of an order the thank-you page and "my orders" share: the status badge, the lines and
 * totals exactly as the CMS priced them, and the next step for the buyer.
 */
import { Badge, chakra } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import { formatMoney, money } from '@sala/shared/money';
import { useLocale, useT } from '~/models/i18n';
import type { OrderView } from '~/models/orders/types';
import { OrderTotalRows } from './order-total-rows';

/** What an order view carries to the browser (dates already formatted on the server). */
export type OrderCardData = Omit<OrderView, 'createdAt' | 'approvedAt' | 'cancelAt'> & { orderedAt: string | null };

const STATUS_PALETTE: Record<string, string> = {
  notYetReceived: 'orange',
  pendingApproved: 'blue',
  approved: 'green',
  rejected: 'red',
  cancelled: 'gray',
  expired: 'gray',
};

export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <Badge colorPalette={STATUS_PALETTE[status] ?? 'gray'} size="md" variant="subtle" data-testid="order-status" data-status={status}>
      {t(`order_status_${status}`)}
    </Badge>
  );
}

/** The lines at their list prices, then subtotal, each discount by name and the total, as the CMS stored them (never recomputed here). */
export function OrderAmounts({ order, totalTestId }: { order: OrderCardData; totalTestId?: string }) {
  const locale = useLocale();
  const show = (amount: number) => formatMoney(money(amount, order.currency), locale);
  return (
    <chakra.div>
      <chakra.ul listStyleType="none" display="flex" flexDirection="column" gap="1" data-testid="order-lines">
        {order.lines.map((line, index) => (
          <chakra.li key={`${line.courseId ?? 'x'}-${index}`} display="flex" justifyContent="space-between" gap="4">
            <chakra.span minW="0" overflowWrap="anywhere">
              {line.coursePath ? (
                <chakra.span asChild color="fg" _hover={{ textDecoration: 'underline' }}>
                  <Link to={line.coursePath}>{line.title}</Link>
                </chakra.span>
              ) : (
                line.title
              )}
            </chakra.span>
            <chakra.span flexShrink="0">{show(line.listAmount)}</chakra.span>
          </chakra.li>
        ))}
      </chakra.ul>
      <chakra.dl fontSize="sm" borderTopWidth="1px" borderColor="border" mt="3" pt="2">
        <OrderTotalRows
          order={order}
          couponCodes={order.couponCodes}
          discounts={order.discounts}
          withSubtotal={order.discountAmount > 0 || order.shippingFeeAmount > 0 || order.withholdingAmount > 0 || order.vatAmount > 0}
          totalTestId={totalTestId ?? 'order-total'}
          totalLook="md"
        />
      </chakra.dl>
    </chakra.div>
  );
}

const ActionLink = chakra(Link, {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minH: '10',
    px: '4',
    borderRadius: 'md',
    fontWeight: '600',
    textDecoration: 'none',
    _focusVisible: { outline: '3px solid', outlineColor: 'teal.500', outlineOffset: '2px' },
  },
  variants: {
    tone: {
      solid: { bg: 'teal.700', color: 'white', _hover: { bg: 'teal.800' } },
      outline: { borderWidth: '1px', borderColor: 'teal.700', color: 'teal.700', _hover: { bg: 'teal.50' } },
    },
  },
  defaultVariants: { tone: 'solid' },
});

/** Pay, report the transfer, or start learning: what the buyer can do next with this order. */
export function OrderActions({ order }: { order: OrderCardData }) {
  const t = useT();
  const bankTransfer = order.paymentMethodId === PAYMENT_METHOD_IDS.BANK_TRANSFER;
  if (order.status === 'notYetReceived') {
    return (
      <chakra.div display="flex" flexWrap="wrap" gap="2">
        <ActionLink to={`/pay/${order.id}`} data-testid="order-pay">
          {bankTransfer ? t('orders_report_transfer') : t('orders_pay_again')}
        </ActionLink>
      </chakra.div>
    );
  }
  if (order.status === 'rejected' || order.status === 'expired' || order.status === 'cancelled') return null;
  if (order.status !== 'approved') return null;
  const learnable = order.lines.filter((line) => line.learnPath);
  if (learnable.length === 0) return null;
  return (
    <chakra.div display="flex" flexWrap="wrap" gap="2">
      {learnable.map((line) => (
        <ActionLink key={line.learnPath} to={line.learnPath!} data-testid="order-learn" aria-label={`${t('button_start_learning')}: ${line.title}`}>
          {t('button_start_learning')}
          {learnable.length > 1 ? `: ${line.title}` : ''}
        </ActionLink>
      ))}
    </chakra.div>
  );
}

/** The buyer's next step in words, per state and payment method. */
export function NextStep({ order }: { order: OrderCardData }) {
  const t = useT();
  const key = order.status === 'notYetReceived' ? (order.paymentMethodId === PAYMENT_METHOD_IDS.BANK_TRANSFER ? 'thankyou_next_transfer' : 'thankyou_next_online') : `thankyou_next_${order.status}`;
  return (
    <chakra.div data-testid="order-next-step">
      <chakra.p>{t(key)}</chakra.p>
      {order.status === 'rejected' && order.report?.rejectReason ? (
        <chakra.p mt="1" color="red.700" data-testid="order-reject-reason">
          {t('orders_reject_reason', { reason: order.report.rejectReason })}
        </chakra.p>
      ) : null}
    </chakra.div>
  );
}
