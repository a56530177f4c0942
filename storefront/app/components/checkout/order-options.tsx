/**
 * The order's choices: currency, pricing plan and promotion. The coupon box, the payment
 * methods and the price summary are their own modules beside this one.
 */
import { formatMoney, money } from '@sala/shared/money';
import type { PriceBreakdown } from '@sala/shared/pricing';
import { useId } from 'react';
import { useLocale, useT } from '~/models/i18n';
import type { CheckoutPlan, CheckoutPromotion } from '~/models/checkout/pricing';
import { useFieldError } from './form-fields';

const TERM_UNIT_KEYS: Record<string, string> = { 'Year(s)': 'term_unit_year', 'Month(s)': 'term_unit_month', 'Day(s)': 'term_unit_day', 'Hour(s)': 'term_unit_hour' };

function usePlanTerm() {
  const t = useT();
  return (plan: CheckoutPlan): string | null => {
    if (plan.planType === 'Free') return t('plan_free');
    if (plan.planType === 'One-Time Payment') return t('plan_one_time');
    if (!plan.term || !plan.termUnit) return null;
    // the unit agrees with its number: 1 year, 2 years (Thai has one form)
    const unit = t(TERM_UNIT_KEYS[plan.termUnit] ?? plan.termUnit, { count: plan.term });
    if (plan.term2 && plan.termUnit2) {
      return t('plan_term_two_parts', { term: plan.term, unit, term2: plan.term2, unit2: t(TERM_UNIT_KEYS[plan.termUnit2] ?? plan.termUnit2, { count: plan.term2 }) });
    }
    return t('plan_term', { term: plan.term, unit });
  };
}

/** A plan's price in one currency with its sign (฿1,990.00, $59.00); free plans say so, a missing price is a dash. */
function planPrice(plan: CheckoutPlan, currency: 'THB' | 'USD', locale: 'th' | 'en', t: (key: string) => string): string {
  const amount = currency === 'USD' ? plan.priceUsdAmount : plan.priceAmount;
  if (plan.priceAmount === 0 || amount === 0) return t('price_free');
  return amount !== null ? formatMoney(money(amount, currency), locale) : '-';
}

/**
 * The currency to pay in, offered when a plan of the course has a USD price (the registration
 * layout may take USD). Plain radio inputs: the choice posts with the form, scripts or not.
 */
export function CurrencyPicker({ value, usdAvailable, onChange }: { value: 'THB' | 'USD'; usdAvailable: boolean; onChange: (currency: 'THB' | 'USD') => void }) {
  const t = useT();
  const options = [
    { value: 'THB' as const, label: t('price_currency_thb'), disabled: false },
    { value: 'USD' as const, label: t('price_currency_usd'), disabled: !usdAvailable },
  ];
  return (
    <fieldset className="ck-currency" data-testid="currency-picker">
      <legend>{t('checkout_currency')}</legend>
      {options.map((option) => (
        <label key={option.value} className="ck-currency-option">
          <input type="radio" name="currency" value={option.value} checked={value === option.value} disabled={option.disabled} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** Selectable plan cards: 3 columns on extra-large screens, 2 on large, 1 below. Member-only plans are disabled for visitors. */
export function PlanPicker({ plans, value, onChange, currency = 'THB' }: { plans: CheckoutPlan[]; value: number | null; onChange: (planId: number) => void; currency?: 'THB' | 'USD' }) {
  const t = useT();
  const locale = useLocale();
  const termOf = usePlanTerm();
  const error = useFieldError('planId');
  const baseId = useId();
  if (plans.length === 0) return <p className="ck-muted">{t('dont_have_pricing')}</p>;
  return (
    <fieldset className="ck-fieldset" data-testid="plan-picker" aria-invalid={error.error ? true : undefined} aria-describedby={error.error ? error.errorId : undefined}>
      <legend className="ck-sr-only">{t('plan_select_title')}</legend>
      <div className="ck-plans">
        {plans.map((plan) => {
          const term = termOf(plan);
          return (
            <label key={plan.id} className="ck-card" data-testid="plan-card" data-plan-id={plan.id}>
              <span className="ck-card-content">
                <span className="ck-card-title" id={`${baseId}-plan-${plan.id}`}>
                  {plan.name}
                </span>
                <span className="ck-card-description">
                  <span className="ck-plan-price" data-testid="plan-price">
                    {planPrice(plan, currency, locale, t)}
                  </span>
                  {plan.priceUsdAmount !== null && plan.priceAmount !== 0 ? (
                    <span className="ck-block-line ck-small ck-muted" data-testid="plan-price-other">
                      {planPrice(plan, currency === 'USD' ? 'THB' : 'USD', locale, t)}
                    </span>
                  ) : null}
                  {term ? <span className="ck-block-line">{term}</span> : null}
                  {plan.disabled ? (
                    <span className="ck-block-line ck-warn" data-testid="plan-member-only">
                      {t('plan_member_only')}
                    </span>
                  ) : null}
                </span>
              </span>
              <input
                className="ck-radio"
                type="radio"
                name="planId"
                value={String(plan.id)}
                checked={value === plan.id}
                disabled={plan.disabled}
                aria-labelledby={`${baseId}-plan-${plan.id}`}
                onChange={() => onChange(plan.id)}
              />
            </label>
          );
        })}
      </div>
      {error.error ? (
        <p className="ck-error-sm" id={error.errorId}>
          {error.error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Promotions naming this course; those the cart meets can be chosen (the best one first), the others say why not. */
export function PromotionList({
  promotions,
  breakdown,
  value,
  onChange,
  selectableIds,
}: {
  promotions: CheckoutPromotion[];
  breakdown: PriceBreakdown;
  value: number | 'auto' | null;
  onChange: (promotionId: number) => void;
  /** Promotions the buyer may pick: those the cart meets (without its coupons when the two exclude each other). */
  selectableIds: number[];
}) {
  const t = useT();
  const locale = useLocale();
  const error = useFieldError('promotionId');
  if (promotions.length === 0) return <p className="ck-muted">{t('promotion_none')}</p>;
  const applicable = new Set(selectableIds);
  const chosen = value === 'auto' ? (breakdown.appliedPromotion?.id ?? null) : value !== null && breakdown.appliedPromotion?.id === value ? value : null;
  return (
    <div className="ck-stack-2" data-testid="promotion-list">
      <div className="ck-stack-3" role="radiogroup">
        {promotions.map((promotion) => {
          const usable = applicable.has(promotion.id);
          const reason = breakdown.rejectedPromotions.find((rejected) => rejected.id === promotion.id)?.reason;
          return (
            <div key={promotion.id} className="ck-option ck-promotion" data-testid="promotion" data-promotion-id={promotion.id} data-applicable={usable}>
              <label className="ck-check ck-check-top">
                <input className="ck-radio" type="radio" name="promotionId" value={String(promotion.id)} checked={chosen === promotion.id} disabled={!usable} onChange={() => onChange(promotion.id)} />
                <span>
                  <span className="ck-block-line ck-strong">{promotion.title}</span>
                  {promotion.descriptionList.length > 0 ? (
                    <ul className="ck-bullets">
                      {promotion.descriptionList.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  ) : null}
                  {!usable && reason && reason !== 'promotion_not_chosen' ? <span className="ck-block-line ck-small ck-warn ck-gap-top">{t(reason)}</span> : null}
                </span>
              </label>
              <a href={promotion.linkPath} className="ck-promotion-link">
                {t('promotion_detail_link')}
              </a>
            </div>
          );
        })}
      </div>
      {breakdown.appliedPromotion ? (
        <p className="ck-small ck-good" data-testid="promotion-applied">
          {t('promotion_best_selected')} (-
          {formatMoney(money(breakdown.appliedPromotion.discountAmount, breakdown.currency), locale)})
        </p>
      ) : null}
      {error.error ? (
        <p className="ck-error-sm" id={error.errorId} role="alert">
          {error.error}
        </p>
      ) : null}
    </div>
  );
}
