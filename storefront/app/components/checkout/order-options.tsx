/**
 * The order's choices: pricing plan, promotion, coupons, payment method, and the summary the
 * shared pricing engine computes from them as the buyer picks.
 */
import { Button, CloseButton, Dialog, Image, Input, Portal, RadioCard, RadioGroup, Stack, chakra } from '@chakra-ui/react';
import { couponResultModal } from '@sala/shared/texts';
import { formatMoney, money } from '@sala/shared/money';
import type { PriceBreakdown } from '@sala/shared/pricing';
import { useState } from 'react';
import { useLocale, useT } from '~/lib/i18n';
import type { CheckoutCoupon, CheckoutPlan, CheckoutPromotion } from './pricing';
import type { PaymentMethodView } from './types';
import { useFieldError } from './form-fields';

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
    <chakra.fieldset display="flex" flexWrap="wrap" gap="4" alignItems="center" mt="4" data-testid="currency-picker">
      <chakra.legend fontWeight="600" fontSize="sm" mb="1" float="left" mr="2">
        {t('checkout_currency')}
      </chakra.legend>
      {options.map((option) => (
        <chakra.label key={option.value} display="inline-flex" alignItems="center" gap="2" cursor={option.disabled ? 'not-allowed' : 'pointer'} opacity={option.disabled ? 0.5 : 1}>
          <chakra.input
            type="radio"
            name="currency"
            value={option.value}
            checked={value === option.value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
            accentColor="teal.600"
            w="4"
            h="4"
          />
          {option.label}
        </chakra.label>
      ))}
    </chakra.fieldset>
  );
}

/** Selectable plan cards: 3 columns on extra-large screens, 2 on large, 1 below. Member-only plans are disabled for visitors. */
export function PlanPicker({ plans, value, onChange, currency = 'THB' }: { plans: CheckoutPlan[]; value: number | null; onChange: (planId: number) => void; currency?: 'THB' | 'USD' }) {
  const t = useT();
  const locale = useLocale();
  const termOf = usePlanTerm();
  const error = useFieldError('planId');
  if (plans.length === 0) return <chakra.p color="fg.muted">{t('dont_have_pricing')}</chakra.p>;
  return (
    <RadioCard.Root
      name="planId"
      value={value === null ? null : String(value)}
      onValueChange={(event) => event.value && onChange(Number(event.value))}
      colorPalette="teal"
      data-testid="plan-picker"
      aria-invalid={error.error ? true : undefined}
    >
      <RadioCard.Label srOnly>{t('plan_select_title')}</RadioCard.Label>
      <chakra.div display="grid" gap="3" gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' }} w="full">
        {plans.map((plan) => (
          <RadioCard.Item key={plan.id} value={String(plan.id)} disabled={plan.disabled} data-testid="plan-card" data-plan-id={plan.id} minW="0">
            <RadioCard.ItemHiddenInput />
            <RadioCard.ItemControl>
              <RadioCard.ItemContent>
                <RadioCard.ItemText overflowWrap="anywhere">{plan.name}</RadioCard.ItemText>
                <RadioCard.ItemDescription>
                  <chakra.span display="block" fontSize="lg" fontWeight="700" color="fg" data-testid="plan-price">
                    {planPrice(plan, currency, locale, t)}
                  </chakra.span>
                  {plan.priceUsdAmount !== null && plan.priceAmount !== 0 ? (
                    <chakra.span display="block" fontSize="sm" color="fg.muted" data-testid="plan-price-other">
                      {planPrice(plan, currency === 'USD' ? 'THB' : 'USD', locale, t)}
                    </chakra.span>
                  ) : null}
                  {termOf(plan) ? <chakra.span display="block">{termOf(plan)}</chakra.span> : null}
                  {plan.disabled ? (
                    <chakra.span display="block" color="orange.700" data-testid="plan-member-only">
                      {t('plan_member_only')}
                    </chakra.span>
                  ) : null}
                </RadioCard.ItemDescription>
              </RadioCard.ItemContent>
              <RadioCard.ItemIndicator />
            </RadioCard.ItemControl>
          </RadioCard.Item>
        ))}
      </chakra.div>
      {error.error ? (
        <chakra.p color="fg.error" fontSize="sm" id={error.errorId}>
          {error.error}
        </chakra.p>
      ) : null}
    </RadioCard.Root>
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
  if (promotions.length === 0) return <chakra.p color="fg.muted">{t('promotion_none')}</chakra.p>;
  const applicable = new Set(selectableIds);
  const chosen = value === 'auto' ? (breakdown.appliedPromotion?.id ?? null) : value !== null && breakdown.appliedPromotion?.id === value ? value : null;
  return (
    <Stack gap="2" data-testid="promotion-list">
      <RadioGroup.Root name="promotionId" value={chosen === null ? null : String(chosen)} onValueChange={(event) => event.value && onChange(Number(event.value))} colorPalette="teal">
        <Stack gap="3">
          {promotions.map((promotion) => {
            const usable = applicable.has(promotion.id);
            const reason = breakdown.rejectedPromotions.find((rejected) => rejected.id === promotion.id)?.reason;
            return (
              <chakra.div key={promotion.id} display="flex" flexDirection="column" alignItems="flex-start" borderWidth="1px" borderColor={chosen === promotion.id ? 'brand' : 'border'} borderRadius="lg" p="3" data-testid="promotion" data-promotion-id={promotion.id} data-applicable={usable}>
                <RadioGroup.Item value={String(promotion.id)} disabled={!usable} alignItems="flex-start" w="full">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator mt="1" />
                  <RadioGroup.ItemText>
                    <chakra.span display="block" fontWeight="600">
                      {promotion.title}
                    </chakra.span>
                    {promotion.descriptionList.length > 0 ? (
                      <chakra.ul fontSize="sm" color="fg.muted" listStyleType="disc" pl="5" mt="1">
                        {promotion.descriptionList.map((item) => (
                          <li key={item}>{item}</li>
                        ))}
                      </chakra.ul>
                    ) : null}
                    {!usable && reason && reason !== 'promotion_not_chosen' ? (
                      <chakra.span display="block" fontSize="sm" color="orange.700" mt="1">
                        {t(reason)}
                      </chakra.span>
                    ) : null}
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
                <chakra.a href={promotion.linkPath} fontSize="sm" color="brand" textDecoration="underline" ml="7" display="inline-block" mt="1">
                  {t('promotion_detail_link')}
                </chakra.a>
              </chakra.div>
            );
          })}
        </Stack>
      </RadioGroup.Root>
      {breakdown.appliedPromotion ? (
        <chakra.p fontSize="sm" color="green.700" data-testid="promotion-applied">
          {t('promotion_best_selected')} (-{formatMoney(money(breakdown.appliedPromotion.discountAmount, breakdown.currency), locale)})
        </chakra.p>
      ) : null}
      {error.error ? (
        <chakra.p color="fg.error" fontSize="sm" id={error.errorId} role="alert">
          {error.error}
        </chakra.p>
      ) : null}
    </Stack>
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
  const apply = () => {
    const trimmed = code.trim();
    if (trimmed) onApply(trimmed);
  };
  return (
    <Stack gap="3" data-testid="coupon-box">
      <chakra.div display="flex" gap="2">
        <Input
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
          flex="1"
          minW="0"
        />
        <Button type="button" onClick={apply} loading={busy} variant="outline" colorPalette="teal" data-testid="coupon-apply">
          {t('button_apply')}
        </Button>
      </chakra.div>
      {error.error ? (
        <chakra.p color="fg.error" fontSize="sm" role="alert">
          {error.error}
        </chakra.p>
      ) : null}
      {coupons.length > 0 ? (
        <chakra.ul listStyle="none" display="flex" flexDirection="column" gap="2" data-testid="coupon-list">
          {coupons.map((coupon) => {
            const rejected = breakdown.rejectedCoupons.find((item) => item.code.toUpperCase() === coupon.code.toUpperCase());
            const applied = breakdown.appliedCoupons.find((item) => item.id === coupon.id);
            return (
              <chakra.li key={coupon.code} display="flex" alignItems="center" justifyContent="space-between" gap="2" borderWidth="1px" borderColor="border" borderRadius="md" px="3" py="2" data-testid="coupon" data-code={coupon.code} data-applied={Boolean(applied)}>
                <input type="hidden" name="couponCodes" value={coupon.code} />
                <chakra.span minW="0">
                  <chakra.span fontWeight="700">{coupon.code}</chakra.span>
                  {coupon.name ? <chakra.span color="fg.muted"> · {coupon.name}</chakra.span> : null}
                  {rejected ? (
                    <chakra.span display="block" fontSize="sm" color="orange.700" data-testid="coupon-notice">
                      {t(rejected.reason)}
                    </chakra.span>
                  ) : null}
                </chakra.span>
                <CloseButton size="sm" aria-label={`${t('button_remove')} ${coupon.code}`} onClick={() => onRemove(coupon.code)} />
              </chakra.li>
            );
          })}
        </chakra.ul>
      ) : null}

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
    </Stack>
  );
}

/** Payment methods; the first selectable one starts selected. Bank transfer shows its accounts and their PromptPay QR. */
export function PaymentMethods({ methods, value, onChange }: { methods: PaymentMethodView[]; value: number | null; onChange: (methodId: number) => void }) {
  const t = useT();
  const error = useFieldError('paymentMethodId');
  const [qr, setQr] = useState<{ image: string; title: string } | null>(null);
  const selected = methods.find((method) => method.id === value) ?? null;
  return (
    <Stack gap="3" data-testid="payment-methods">
      <RadioGroup.Root name="paymentMethodId" value={value === null ? null : String(value)} onValueChange={(event) => event.value && onChange(Number(event.value))} colorPalette="teal">
        <chakra.div display="grid" gap="2" gridTemplateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }}>
          {methods.map((method) => (
            <RadioGroup.Item
              key={method.id}
              value={String(method.id)}
              disabled={method.disabled}
              alignItems="flex-start"
              w="full"
              borderWidth="1px"
              borderColor={value === method.id ? 'brand' : 'border'}
              borderRadius="lg"
              px="3"
              py="2.5"
              cursor={method.disabled ? 'not-allowed' : 'pointer'}
              data-testid="payment-method"
              data-method-id={method.id}
            >
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator mt="1" />
              <RadioGroup.ItemText>
                <chakra.span display="block" fontWeight="600">
                  {method.name}
                </chakra.span>
                {method.disabled ? (
                  <chakra.span display="block" fontSize="sm" color="orange.700">
                    {t('cart_bank_transfer_unavailable')}
                  </chakra.span>
                ) : method.description ? (
                  <chakra.span display="block" fontSize="sm" color="fg.muted">
                    {method.description}
                  </chakra.span>
                ) : null}
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </chakra.div>
      </RadioGroup.Root>
      {error.error ? (
        <chakra.p color="fg.error" fontSize="sm" role="alert">
          {error.error}
        </chakra.p>
      ) : null}
      {selected?.bankAccounts && !selected.disabled ? <BankAccounts accounts={selected.bankAccounts} onShowQr={setQr} /> : null}
      <QrDialog qr={qr} onClose={() => setQr(null)} />
    </Stack>
  );
}

export function BankAccounts({ accounts, onShowQr }: { accounts: NonNullable<PaymentMethodView['bankAccounts']>; onShowQr: (qr: { image: string; title: string }) => void }) {
  const t = useT();
  return (
    <chakra.div bg="bg.subtle" borderRadius="lg" p="3" data-testid="bank-accounts">
      <chakra.p fontWeight="600" mb="2">
        {t('cart_bank_accounts')}
      </chakra.p>
      <chakra.ul listStyle="none" display="flex" flexDirection="column" gap="2">
        {accounts.map((account) => (
          <chakra.li key={account.id} display="flex" flexWrap="wrap" alignItems="center" justifyContent="space-between" gap="2" fontSize="sm">
            <chakra.span minW="0">
              <chakra.span display="block" fontWeight="600">
                {account.bankName}
              </chakra.span>
              <chakra.span display="block" data-testid="bank-account-number">
                {account.accountId}
              </chakra.span>
              <chakra.span display="block" color="fg.muted">
                {account.accountName}
              </chakra.span>
            </chakra.span>
            {account.promptPayImage ? (
              <Button size="xs" variant="outline" colorPalette="teal" type="button" onClick={() => onShowQr({ image: account.promptPayImage!, title: `${t('cart_bank_qr')} · ${account.bankName}` })}>
                {t('cart_bank_qr')}
              </Button>
            ) : null}
          </chakra.li>
        ))}
      </chakra.ul>
    </chakra.div>
  );
}

/** The account's PromptPay picture in a modal half the screen wide. */
export function QrDialog({ qr, onClose }: { qr: { image: string; title: string } | null; onClose: () => void }) {
  const t = useT();
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

const Row = chakra('div', { base: { display: 'flex', justifyContent: 'space-between', gap: '4', py: '1.5' } });

/** The price summary: the engine's totals for what is chosen right now. */
export function PriceSummary({ breakdown }: { breakdown: PriceBreakdown }) {
  const t = useT();
  const locale = useLocale();
  const { totals } = breakdown;
  const show = (amount: { amount: number; currency: 'THB' | 'USD' }) => formatMoney(amount, locale);
  return (
    <chakra.dl data-testid="price-summary" fontSize="sm">
      <Row>
        <dt>{t('cart_subtotal')}</dt>
        <dd data-testid="summary-subtotal">{show(totals.subtotal)}</dd>
      </Row>
      {totals.discount.amount > 0 ? (
        <Row color="green.700">
          <dt>{t('cart_discount')}</dt>
          <dd data-testid="summary-discount">-{show(totals.discount)}</dd>
        </Row>
      ) : null}
      {totals.shipping.amount > 0 ? (
        <Row>
          <dt>{t('cart_shipping_fee')}</dt>
          <dd data-testid="summary-shipping">{show(totals.shipping)}</dd>
        </Row>
      ) : null}
      {breakdown.vatBasisPoints > 0 ? (
        <Row color="fg.muted">
          <dt>{t('cart_vat', { rate: breakdown.vatBasisPoints / 100 })}</dt>
          <dd>{show(totals.vat)}</dd>
        </Row>
      ) : null}
      {breakdown.withholdingPercent !== null ? (
        <Row>
          <dt>{t('cart_withholding', { rate: breakdown.withholdingPercent })}</dt>
          <dd data-testid="summary-withholding">-{show(totals.withholding)}</dd>
        </Row>
      ) : null}
      <Row borderTopWidth="1px" borderColor="border" mt="2" pt="3" fontSize="lg" fontWeight="700">
        <dt>{t('cart_amount_to_pay')}</dt>
        <dd data-testid="summary-total">{show(totals.amountToPay)}</dd>
      </Row>
    </chakra.dl>
  );
}
