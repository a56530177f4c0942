/**
 * The order's choices: pricing plan, promotion, coupons, payment method, and the summary the
 * shared pricing engine computes from them as the buyer picks.
 */
import { Button, CloseButton, Dialog, Image, Portal } from '@chakra-ui/react';
import { couponResultModal } from '@sala/shared/texts';
import { formatMoney, money } from '@sala/shared/money';
import type { PriceBreakdown } from '@sala/shared/pricing';
import { useId, useState } from 'react';
import { useLocale, useT } from '~/models/i18n';
import type { CheckoutCoupon, CheckoutPlan, CheckoutPromotion } from '~/models/checkout/pricing';
import type { PaymentMethodView } from '~/models/checkout/types';
import { useFieldError } from './form-fields';
import { FormButton } from './form-button';
import { useOpenedOnce } from './opened-once';

const TERM_UNIT_KEYS: Record<string, string> = { 'Year(s)': 'term_unit_year', 'Month(s)': 'term_unit_month', 'Day(s)': 'term_unit_day', 'Hour(s)': 'term_unit_hour' };

function usePlanTerm() {
  const t = useT();
  return (plan: CheckoutPlan): string | null => {
    if (plan.planType === 'Free') return t('plan_free');
    if (plan.planType === 'One-Time Payment') return t('plan_one_time');
    if (!plan.term || !plan.termUnit) return null;
    const unit = t(TERM_UNIT_KEYS[plan.termUnit] ?? plan.termUnit);
    if (plan.term2 && plan.termUnit2) return t('plan_term_two_parts', { term: plan.term, unit, term2: plan.term2, unit2: t(TERM_UNIT_KEYS[plan.termUnit2] ?? plan.termUnit2) });
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
  const chosen = value === 'auto' ? breakdown.appliedPromotion?.id ?? null : value !== null && breakdown.appliedPromotion?.id === value ? value : null;
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

export type CouponLookup = { code: string; status: string };

/** The coupon box: a code, the result modal with the spec's titles, and the coupons kept with their notices. */
export function CouponBox({
  coupons,
  breakdown,
  busy,
  lookup,
  onApply,
  onRemove,
  onLookupSeen,
}: {
  coupons: CheckoutCoupon[];
  breakdown: PriceBreakdown;
  busy: boolean;
  lookup: CouponLookup | null;
  onApply: (code: string) => void;
  onRemove: (code: string) => void;
  onLookupSeen: () => void;
}) {
  const t = useT();
  const [code, setCode] = useState('');
  const error = useFieldError('couponCode');
  const modal = lookup ? couponResultModal(lookup.status) : null;
  const resultMounted = useOpenedOnce(Boolean(modal));
  const apply = () => {
    const trimmed = code.trim();
    if (trimmed) onApply(trimmed);
  };
  return (
    <div className="ck-stack-3" data-testid="coupon-box">
      <div className="ck-coupon-row">
        <input
          className="ck-input"
          name="couponCodeInput"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.toUpperCase())}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          placeholder={t('cart_coupon_placeholder')}
          aria-label={t('cart_coupon_label')}
          aria-invalid={error.error ? true : undefined}
          maxLength={64}
          autoComplete="off"
        />
        <FormButton type="button" onClick={apply} loading={busy} variant="outline" palette="teal" data-testid="coupon-apply">
          {t('button_apply')}
        </FormButton>
      </div>
      {error.error ? (
        <p className="ck-error-sm" role="alert">
          {error.error}
        </p>
      ) : null}
      {coupons.length > 0 ? (
        <ul className="ck-coupons" data-testid="coupon-list">
          {coupons.map((coupon) => {
            const rejected = breakdown.rejectedCoupons.find((item) => item.code.toUpperCase() === coupon.code.toUpperCase());
            const applied = breakdown.appliedCoupons.find((item) => item.id === coupon.id);
            return (
              <li key={coupon.code} className="ck-coupon" data-testid="coupon" data-code={coupon.code} data-applied={Boolean(applied)}>
                <input type="hidden" name="couponCodes" value={coupon.code} />
                <span className="ck-min-0">
                  <span className="ck-bold">{coupon.code}</span>
                  {coupon.name ? <span className="ck-muted"> · {coupon.name}</span> : null}
                  {rejected ? (
                    <span className="ck-block-line ck-small ck-warn" data-testid="coupon-notice">
                      {t(rejected.reason)}
                    </span>
                  ) : null}
                </span>
                <CloseButton size="sm" aria-label={`${t('button_remove')} ${coupon.code}`} onClick={() => onRemove(coupon.code)} />
              </li>
            );
          })}
        </ul>
      ) : null}

      {resultMounted ? (
        <Dialog.Root open={Boolean(modal)} onOpenChange={(event) => !event.open && onLookupSeen()} placement="center">
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner px="4">
              <Dialog.Content data-testid="coupon-result" data-kind={modal?.kind}>
                <Dialog.Header>
                  <Dialog.Title color={modal?.kind === 'warning' ? 'orange.700' : 'green.700'}>{modal ? t(modal.titleKey) : null}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>{modal ? t(modal.descriptionKey) : null}</Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button colorPalette="teal">{t('button_ok')}</Button>
                  </Dialog.ActionTrigger>
                </Dialog.Footer>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      ) : null}
    </div>
  );
}

/** Payment methods; the first selectable one starts selected. Bank transfer shows its accounts and their PromptPay QR. */
export function PaymentMethods({ methods, value, onChange }: { methods: PaymentMethodView[]; value: number | null; onChange: (methodId: number) => void }) {
  const t = useT();
  const error = useFieldError('paymentMethodId');
  const [qr, setQr] = useState<{ image: string; title: string } | null>(null);
  const selected = methods.find((method) => method.id === value) ?? null;
  return (
    <div className="ck-stack-3" data-testid="payment-methods">
      <div className="ck-methods" role="radiogroup">
        {methods.map((method) => (
          <label key={method.id} className="ck-check ck-check-top ck-option ck-method" data-testid="payment-method" data-method-id={method.id}>
            <input className="ck-radio" type="radio" name="paymentMethodId" value={String(method.id)} checked={value === method.id} disabled={method.disabled} onChange={() => onChange(method.id)} />
            <span>
              <span className="ck-block-line ck-strong">{method.name}</span>
              {method.disabled ? (
                <span className="ck-method-description ck-warn">{t('cart_bank_transfer_unavailable')}</span>
              ) : method.description ? (
                <span className="ck-method-description">{method.description}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      {error.error ? (
        <p className="ck-error-sm" role="alert">
          {error.error}
        </p>
      ) : null}
      {selected?.bankAccounts && !selected.disabled ? <BankAccounts accounts={selected.bankAccounts} onShowQr={setQr} /> : null}
      <QrDialog qr={qr} onClose={() => setQr(null)} />
    </div>
  );
}

export function BankAccounts({ accounts, onShowQr }: { accounts: NonNullable<PaymentMethodView['bankAccounts']>; onShowQr: (qr: { image: string; title: string }) => void }) {
  const t = useT();
  return (
    <div className="ck-bank" data-testid="bank-accounts">
      <p className="ck-strong ck-gap-bottom">{t('cart_bank_accounts')}</p>
      <ul className="ck-bank-list">
        {accounts.map((account) => (
          <li key={account.id} className="ck-bank-account">
            <span className="ck-min-0">
              <span className="ck-block-line ck-strong">{account.bankName}</span>
              <span className="ck-block-line" data-testid="bank-account-number">
                {account.accountId}
              </span>
              <span className="ck-block-line ck-muted">{account.accountName}</span>
            </span>
            {account.promptPayImage ? (
              <FormButton
                size="xs"
                variant="outline"
                palette="teal"
                type="button"
                onClick={() =>
                  onShowQr({
                    image: account.promptPayImage!,
                    title: `${t('cart_bank_qr')} · ${account.bankName}`,
                  })
                }
              >
                {t('cart_bank_qr')}
              </FormButton>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The account's PromptPay picture in a modal half the screen wide. */
export function QrDialog({ qr, onClose }: { qr: { image: string; title: string } | null; onClose: () => void }) {
  const t = useT();
  const mounted = useOpenedOnce(Boolean(qr));
  if (!mounted) return null;
  return (
    <Dialog.Root open={Boolean(qr)} onOpenChange={(event) => !event.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content w={{ base: '90%', md: '50%' }} maxW="none" data-testid="qr-dialog">
            <Dialog.Header>
              <Dialog.Title>{qr?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" justifyContent="center">
              {qr ? <Image src={qr.image} alt={qr.title} maxW="full" h="auto" /> : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('button_close')}</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

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
      {totals.discount.amount > 0 ? (
        <div className="ck-row ck-good">
          <dt>{t('cart_discount')}</dt>
          <dd data-testid="summary-discount">-{show(totals.discount)}</dd>
        </div>
      ) : null}
      {totals.shipping.amount > 0 ? (
        <div className="ck-row">
          <dt>{t('cart_shipping_fee')}</dt>
          <dd data-testid="summary-shipping">{show(totals.shipping)}</dd>
        </div>
      ) : null}
      {breakdown.vatBasisPoints > 0 ? (
        <div className="ck-row ck-muted">
          <dt>{t('cart_vat', { rate: breakdown.vatBasisPoints / 100 })}</dt>
          <dd>{show(totals.vat)}</dd>
        </div>
      ) : null}
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
