/**
 * The order's number and the CMS's own totals, the top of the payment panel. Plain elements and
 * static classes: the payment page draws it in its server HTML, before the panel's code loads.
 */
import { formatMoney, money } from '@sala/shared/money';
import { useLocale, useT } from '~/models/i18n';
import { vatRows } from '~/models/checkout/vat-rows';
import type { PaymentStep } from '~/models/checkout/types';

export function PaymentSummary({ payment }: { payment: PaymentStep }) {
  const t = useT();
  const locale = useLocale();
  const show = (amount: number) => formatMoney(money(amount, payment.currency), locale);
  return (
    <div className="ck-panel ck-panel-md">
      <p className="ck-bold ck-gap-bottom-3">{t('checkout_order_number', { id: payment.orderId })}</p>
      <dl className="ck-summary" data-testid="server-summary">
        <div className="ck-row">
          <dt>{t('cart_subtotal')}</dt>
          <dd>{show(payment.priceAmount)}</dd>
        </div>
        {payment.discountAmount > 0 ? (
          <div className="ck-row ck-good">
            <dt>
              {t('cart_discount')}
              {payment.couponCodes.length > 0 ? ` (${payment.couponCodes.join(', ')})` : ''}
            </dt>
            <dd data-testid="server-discount">-{show(payment.discountAmount)}</dd>
          </div>
        ) : null}
        {payment.shippingFeeAmount > 0 ? (
          <div className="ck-row">
            <dt>{t('cart_shipping_fee')}</dt>
            <dd>{show(payment.shippingFeeAmount)}</dd>
          </div>
        ) : null}
        {vatRows(payment).map((row) => (
          <div key={row.kind} className={row.sign === '+' ? 'ck-row' : 'ck-row ck-muted'}>
            <dt>{row.kind === 'vat' ? t(row.textKey, { rate: row.rate ?? '' }) : t(row.textKey)}</dt>
            <dd data-testid={row.kind === 'vat' ? 'server-vat' : 'server-before-vat'}>
              {row.sign}
              {show(row.amount)}
            </dd>
          </div>
        ))}
        {payment.withholdingAmount > 0 ? (
          <div className="ck-row">
            <dt>{t('cart_withholding', { rate: '' }).replace(/\s*%$/, '')}</dt>
            <dd>-{show(payment.withholdingAmount)}</dd>
          </div>
        ) : null}
        <div className="ck-row ck-row-total">
          <dt>{t('cart_amount_to_pay')}</dt>
          <dd data-testid="server-total">{show(payment.netAmount)}</dd>
        </div>
      </dl>
      {payment.paymentMethodName ? (
        <p className="ck-gap-top-3 ck-small ck-muted">
          {t('cart_payment_methods')}: {payment.paymentMethodName}
        </p>
      ) : null}
    </div>
  );
}
