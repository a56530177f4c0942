/**
 * The amounts of a placed order as the CMS stored them (never recomputed here): discount,
 * shipping fee, withholding tax and the amount to pay, with the subtotal where the page wants
 * it. Rows of a <dl>; the thank-you page, "my orders" and the payment page share them.
 */
import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { formatMoney, money } from '@sala/shared/money';
import { discountRows, type DiscountItem } from '~/models/checkout/discount-items';
import type { OrderDiscountView } from '~/models/orders/types';
import type { PayOrder } from '~/models/payment/types';
import type { OrderAmounts } from '~/models/orders/amounts';
import { vatRows } from '~/models/checkout/vat-rows';
import { useLocale, useT } from '~/models/i18n';

type StoredAmounts = Pick<PayOrder, 'currency' | 'priceAmount' | 'discountAmount' | 'shippingFeeAmount' | 'withholdingAmount' | 'netAmount'> &
  Partial<Pick<OrderAmounts, 'vatAmount' | 'vatMode' | 'vatBasisPoints' | 'beforeVatAmount'>>;

const Row = chakra('div', { base: { display: 'flex', justifyContent: 'space-between', gap: '4', py: '1' } });

export function OrderTotalRows({
  order,
  couponCodes = [],
  discounts = [],
  withSubtotal = false,
  totalTestId,
  totalRow,
}: {
  order: StoredAmounts;
  /** Shown next to the discount when the order does not name its discounts. */
  couponCodes?: string[];
  /** Each discount by name, as the order was priced. */
  discounts?: readonly OrderDiscountView[];
  withSubtotal?: boolean;
  totalTestId: string;
  /** The amount-to-pay row's own look. */
  totalRow?: HTMLChakraProps<'div'>;
}) {
  const t = useT();
  const locale = useLocale();
  const show = (amount: number) => formatMoney(money(amount, order.currency), locale);
  return (
    <>
      {withSubtotal ? (
        <Row>
          <dt>{t('cart_subtotal')}</dt>
          <dd>{show(order.priceAmount)}</dd>
        </Row>
      ) : null}
      {discountRows(
        discounts.map((item): DiscountItem => ({ kind: item.kind, name: item.name, amount: money(item.amount, order.currency) })),
        money(order.discountAmount, order.currency),
      ).map((row) => (
        <Row key={`${row.textKey}-${row.name}`} color="green.700" data-testid="order-discount">
          <dt>
            {t(row.textKey, { name: row.name })}
            {row.textKey === 'cart_discount' && couponCodes.length > 0 ? ` (${couponCodes.join(', ')})` : ''}
          </dt>
          <dd>-{show(row.amount.amount)}</dd>
        </Row>
      ))}
      {order.shippingFeeAmount > 0 ? (
        <Row>
          <dt>{t('cart_shipping_fee')}</dt>
          <dd>{show(order.shippingFeeAmount)}</dd>
        </Row>
      ) : null}
      {vatRows({ vatMode: order.vatMode ?? 'included', vatBasisPoints: order.vatBasisPoints ?? 0, beforeVatAmount: order.beforeVatAmount ?? 0, vatAmount: order.vatAmount ?? 0 }).map((row) => (
        <Row key={row.kind} color={row.sign === '+' ? undefined : 'fg.muted'}>
          <dt>{row.kind === 'vat' ? t(row.textKey, { rate: row.rate ?? '' }) : t(row.textKey)}</dt>
          <dd data-testid={row.kind === 'vat' ? 'order-vat' : 'order-before-vat'}>
            {row.sign}
            {show(row.amount)}
          </dd>
        </Row>
      ))}
      {order.withholdingAmount > 0 ? (
        <Row>
          <dt>{t('cart_withholding', { rate: '' }).replace(/\s*%$/, '')}</dt>
          <dd>-{show(order.withholdingAmount)}</dd>
        </Row>
      ) : null}
      <Row fontWeight="700" {...totalRow}>
        <dt>{t('cart_amount_to_pay')}</dt>
        <dd data-testid={totalTestId}>{show(order.netAmount)}</dd>
      </Row>
    </>
  );
}
