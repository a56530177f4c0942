/**
 * The amounts of a placed order as the CMS stored them (never recomputed here): discount,
 * shipping fee, withholding tax and the amount to pay, with the subtotal where the page wants
 * it. Rows of a <dl>; the thank-you page, "my orders" and the payment page share them.
 */
import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { formatMoney, money } from '@sala/shared/money';
import type { PayOrder } from '~/models/payment/types';
import { useLocale, useT } from '~/models/i18n';

type StoredAmounts = Pick<PayOrder, 'currency' | 'priceAmount' | 'discountAmount' | 'shippingFeeAmount' | 'withholdingAmount' | 'netAmount'>;

const Row = chakra('div', { base: { display: 'flex', justifyContent: 'space-between', gap: '4', py: '1' } });

export function OrderTotalRows({
  order,
  couponCodes = [],
  withSubtotal = false,
  totalTestId,
  totalRow,
}: {
  order: StoredAmounts;
  /** Shown next to the discount. */
  couponCodes?: string[];
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
      {order.discountAmount > 0 ? (
        <Row color="green.700">
          <dt>
            {t('cart_discount')}
            {couponCodes.length > 0 ? ` (${couponCodes.join(', ')})` : ''}
          </dt>
          <dd>-{show(order.discountAmount)}</dd>
        </Row>
      ) : null}
      {order.shippingFeeAmount > 0 ? (
        <Row>
          <dt>{t('cart_shipping_fee')}</dt>
          <dd>{show(order.shippingFeeAmount)}</dd>
        </Row>
      ) : null}
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
