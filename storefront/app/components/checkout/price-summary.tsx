/** The price summary the shared pricing engine computes as the buyer picks. */
import { formatMoney } from '@sala/shared/money';
import type { PriceBreakdown } from '@sala/shared/pricing';
import { discountItems, discountRows } from '~/models/checkout/discount-items';
import { vatRows } from '~/models/checkout/vat-rows';
import { useLocale, useT } from '~/models/i18n';

/** The price summary: the engine's totals for what is chosen right now. */
export function PriceSummary({ breakdown }: { breakdown: PriceBreakdown }) {
  const t = useT();
  const locale = useLocale();
  const { totals } = breakdown;
  const show = (amount: { amount: number; currency: 'THB' | 'USD' }) => formatMoney(amount, locale);
  return (
    <dl className="ck-summary" data-testid="price-summary">
      <div className="ck-row">
        <dt>{t('cart_subtotal')}</dt>
        <dd data-testid="summary-subtotal">{show(totals.subtotal)}</dd>
      </div>
      {discountRows(discountItems(breakdown), totals.discount).map((row) => (
        <div key={`${row.textKey}-${row.name}`} className="ck-row ck-good">
          <dt>{t(row.textKey, { name: row.name })}</dt>
          <dd data-testid={row.carriesTotal ? 'summary-discount' : 'summary-discount-item'}>-{show(row.amount)}</dd>
        </div>
      ))}
      {totals.shipping.amount > 0 ? (
        <div className="ck-row">
          <dt>{t('cart_shipping_fee')}</dt>
          <dd data-testid="summary-shipping">{show(totals.shipping)}</dd>
        </div>
      ) : null}
      {vatRows({ vatMode: breakdown.vatMode, vatBasisPoints: breakdown.vatBasisPoints, beforeVatAmount: totals.beforeVat.amount, vatAmount: totals.vat.amount }).map((row) => (
        <div key={row.kind} className={row.sign === '+' ? 'ck-row' : 'ck-row ck-muted'}>
          <dt>{row.kind === 'vat' ? t(row.textKey, { rate: row.rate ?? '' }) : t(row.textKey)}</dt>
          <dd data-testid={row.kind === 'vat' ? 'summary-vat' : 'summary-before-vat'}>
            {row.sign}
            {show({ amount: row.amount, currency: breakdown.currency })}
          </dd>
        </div>
      ))}
      {breakdown.withholdingPercent !== null ? (
        <div className="ck-row">
          <dt>{t('cart_withholding', { rate: breakdown.withholdingPercent })}</dt>
          <dd data-testid="summary-withholding">-{show(totals.withholding)}</dd>
        </div>
      ) : null}
      <div className="ck-row ck-row-total">
        <dt>{t('cart_amount_to_pay')}</dt>
        <dd data-testid="summary-total">{show(totals.amountToPay)}</dd>
      </div>
    </dl>
  );
}
