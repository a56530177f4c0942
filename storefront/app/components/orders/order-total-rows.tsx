/**
 * The amounts of a placed order as the CMS stored them (never recomputed here): discount,
 * shipping fee, withholding tax and the amount to pay, with the subtotal where the page wants
 * it. Rows of a <dl>; the thank-you page, "my orders" and the payment page share them. Plain
 * elements with the classes of styles/payment.css (`ot-*`) and checkout.css: the payment page draws them without
 * Chakra (ADR 210).
 */
import { formatMoney, money } from '@sala/shared/money';
import { discountRows, type DiscountItem } from '~/models/checkout/discount-items';
import type { OrderDiscountView } from '~/models/orders/types';
import type { PayOrder } from '~/models/payment/types';
import type { OrderAmounts } from '~/models/orders/amounts';
import { vatRows } from '~/models/checkout/vat-rows';
import { useLocale, useT } from '~/models/i18n';

type StoredAmounts = Pick<PayOrder, 'currency' | 'priceAmount' | 'discountAmount' | 'shippingFeeAmount' | 'withholdingAmount' | 'netAmount'> &
  Partial<Pick<OrderAmounts, 'vatAmount' | 'vatMode' | 'vatBasisPoints' | 'beforeVatAmount'>>;

export function OrderTotalRows({
  order,
  couponCodes = [],
  discounts = [],
  withSubtotal = false,
  totalTestId,
  totalLook = 'md',
}: {
  order: StoredAmounts;
  /** Shown next to the discount when the order does not name its discounts. */
  couponCodes?: string[];
  /** Each discount by name, as the order was priced. */
  discounts?: readonly OrderDiscountView[];
  withSubtotal?: boolean;
  totalTestId: string;
  /** The amount-to-pay row's own look: 'md' (the order lists), 'lg' with a line above it (the payment page). */
  totalLook?: 'md' | 'lg';
}) {
  const t = useT();
  const locale = useLocale();
  const show = (amount: number) => formatMoney(money(amount, order.currency), locale);
  return (
    <>
      {withSubtotal ? (
        <div className="ot-row">
          <dt>{t('cart_subtotal')}</dt>
          <dd>{show(order.priceAmount)}</dd>
        </div>
      ) : null}
      {discountRows(
        discounts.map((item): DiscountItem => ({ kind: item.kind, name: item.name, amount: money(item.amount, order.currency) })),
        money(order.discountAmount, order.currency),
      ).map((row) => (
        <div key={`${row.textKey}-${row.name}`} className="ot-row ck-good" data-testid="order-discount">
          <dt>
            {t(row.textKey, { name: row.name })}
            {row.textKey === 'cart_discount' && couponCodes.length > 0 ? ` (${couponCodes.join(', ')})` : ''}
          </dt>
          <dd>-{show(row.amount.amount)}</dd>
        </div>
      ))}
      {order.shippingFeeAmount > 0 ? (
        <div className="ot-row">
          <dt>{t('cart_shipping_fee')}</dt>
          <dd>{show(order.shippingFeeAmount)}</dd>
        </div>
      ) : null}
      {vatRows({ vatMode: order.vatMode ?? 'included', vatBasisPoints: order.vatBasisPoints ?? 0, beforeVatAmount: order.beforeVatAmount ?? 0, vatAmount: order.vatAmount ?? 0 }).map((row) => (
        <div key={row.kind} className={row.sign === '+' ? 'ot-row' : 'ot-row ck-muted'}>
          <dt>{row.kind === 'vat' ? t(row.textKey, { rate: row.rate ?? '' }) : t(row.textKey)}</dt>
          <dd data-testid={row.kind === 'vat' ? 'order-vat' : 'order-before-vat'}>
            {row.sign}
            {show(row.amount)}
          </dd>
        </div>
      ))}
      {order.withholdingAmount > 0 ? (
        <div className="ot-row">
          <dt>{t('cart_withholding', { rate: '' }).replace(/\s*%$/, '')}</dt>
          <dd>-{show(order.withholdingAmount)}</dd>
        </div>
      ) : null}
      <div className={`ot-row ot-total ot-total-${totalLook}`}>
        <dt>{t('cart_amount_to_pay')}</dt>
        <dd data-testid={totalTestId}>{show(order.netAmount)}</dd>
      </div>
    </>
  );
}
