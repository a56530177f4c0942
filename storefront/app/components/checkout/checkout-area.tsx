/**
 * The checkout area of layout four (purchase without registration). One form posts to the
 * course route's action (intent=checkout), with or without script: contact and login info
 * for a guest, the tax invoice, the plan, promotion, coupons and payment method. The price
 * summary is the shared engine's answer for the current choices; the action prices the
 * same choices again and the CMS has the last word on the order's total.
 */
import { Alert } from '@chakra-ui/react';
import { FormProvider, getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useT, useTranslator } from '~/models/i18n';
import { buildCheckoutSchema } from '~/models/checkout/checkout-schema';
import { ContactInfo, LoginInfo } from './contact-info';
import { CouponBox } from './coupon-box';
import { CurrencyPicker, PlanPicker, PromotionList } from './order-options';
import { PaymentMethods } from './payment-methods';
import { PriceSummary } from './price-summary';
import { initialPlanId, priceCheckout, promotionsForCourse, type CheckoutCoupon, type CheckoutSelection } from '~/models/checkout/pricing';
import { FormButton } from './form-button';
import { isValidateIntent, keepFocusOnPress, useFirstProblemFocus } from './first-problem';
import { CheckoutShipping } from './shipping-fields';
import { TaxInvoice, type PersonType } from './tax-invoice';
import { useDiscounts } from './use-discounts';
import type { CheckoutData, SignedInStudent } from '~/models/checkout/types';
import { withChakra } from '~/components/provider';
import { useHydrated } from '~/components/use-hydrated';

const AuthModal = lazy(() => import('./auth-modal'));

type SubmissionResult = { status?: 'success' | 'error'; error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
type CheckoutActionData = { intent: 'checkout'; lastResult: SubmissionResult } | { intent: string; lastResult?: SubmissionResult };

function CheckoutBlock({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <section className="ck-block" data-testid={testId} aria-label={title}>
      <h3 className="ck-block-title">{title}</h3>
      {children}
    </section>
  );
}

function CheckoutArea({ checkout, student }: { checkout: CheckoutData; student: SignedInStudent | null }) {
  const t = useT();
  const navigation = useNavigation();
  const actionData = useActionData<CheckoutActionData>();
  const lastResult = actionData?.intent === 'checkout' ? actionData.lastResult : undefined;
  const translate = useTranslator();
  const guest = !student;
  // Built on the first check in the browser, not in a render: the server never validates with it here.
  const schema = useMemo(() => {
    let built: ReturnType<typeof buildCheckoutSchema> | null = null;
    return () =>
      (built ??= buildCheckoutSchema({
        guest,
        registration: checkout.settings.registration,
        customLabels: checkout.customLabels,
        taxInvoiceEnabled: checkout.settings.taxInvoiceEnabled,
        shipping: checkout.shipping !== null,
        t: translate,
      }));
  }, [guest, checkout.settings.registration, checkout.customLabels, checkout.settings.taxInvoiceEnabled, checkout.shipping, translate]);
  const [form] = useForm({
    id: 'checkout-form',
    lastResult: lastResult as never,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schema() }),
  });

  const hydrated = useHydrated();
  const firstMethod = checkout.paymentMethods.find((method) => !method.disabled)?.id ?? null;
  const [planId, setPlanId] = useState(() => initialPlanId(checkout.plans));
  // A course with a printed book: the shipping method (the first one to start with) and whether the address is still missing.
  const [shippingFeeId, setShippingFeeId] = useState<number | null>(() => {
    const sent = Number(lastResult?.initialValue?.shippingFeeId);
    return checkout.shipping?.fees.find((fee) => fee.id === sent)?.id ?? checkout.shipping?.fees[0]?.id ?? null;
  });
  const [addressMissing, setAddressMissing] = useState(() => checkout.shipping !== null && checkout.shipping.address === null);
  const shippingFeeAmount = checkout.shipping?.fees.find((fee) => fee.id === shippingFeeId)?.priceAmount ?? 0;
  // USD is offered when a plan has a USD price; a plan without one is paid in baht, and so is a course
  // that ships a book (the shop's shipping fees are shown in baht).
  const [chosenCurrency, setChosenCurrency] = useState<'THB' | 'USD'>('THB');
  const usdAvailable = checkout.shipping === null && checkout.plans.find((plan) => plan.id === planId)?.priceUsdAmount != null;
  const currency = chosenCurrency === 'USD' && usdAvailable ? 'USD' : 'THB';
  const [paymentMethodId, setPaymentMethodId] = useState<number | null>(firstMethod);
  const [taxRequested, setTaxRequested] = useState(false);
  const [personType, setPersonType] = useState<PersonType>('juristic_person');
  const [withholding, setWithholding] = useState(false);
  const [withholdingPercent, setWithholdingPercent] = useState<3 | 1>(checkout.settings.withholdingPercents[0] ?? 3);
  const [authOpen, setAuthOpen] = useState(false);

  const selectionFor = (promotionId: CheckoutSelection['promotionId'], coupons: CheckoutCoupon[]): CheckoutSelection => ({
    planId,
    promotionId,
    coupons,
    paymentMethodId,
    taxInvoice: taxRequested ? { personType } : null,
    withholding: { enabled: withholding && checkout.settings.withholdingEnabled, percent: withholdingPercent },
    shippingFeeAmount,
  });
  const discounts = useDiscounts({
    price: (promotionId, coupons) =>
      priceCheckout({
        course: checkout.course,
        plans: checkout.plans,
        promotions: checkout.promotions,
        settings: checkout.settings.pricing,
        selection: selectionFor(promotionId, coupons),
        currency,
        now: checkout.now,
      }),
    priceDeps: [planId, paymentMethodId, taxRequested, personType, withholding, withholdingPercent, currency, shippingFeeAmount, checkout],
    exclusive: checkout.settings.pricing.couponOrPromotion,
    oneCouponPerOrder: checkout.settings.pricing.oneCouponPerOrder,
  });
  const { coupons, promotionId, breakdown, notice, setNotice } = discounts;
  const promotions = promotionsForCourse(checkout.promotions, checkout.course.id);

  const choosePaymentMethod = (id: number) => {
    setPaymentMethodId(id);
    discounts.keepCouponsFor(id);
  };

  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'checkout';
  const cartEmpty = planId === null || !checkout.plans.some((plan) => plan.id === planId && !plan.disabled);
  const blocked = cartEmpty ? t('cart_empty') : checkout.shipping && addressMissing ? t('cart_shipping_address_required') : null;
  const hasErrors = Object.values(form.allErrors).some((messages) => messages && messages.length > 0);
  const formErrors = form.errors ?? [];
  const formProps = getFormProps(form);
  const focusFirstProblem = useFirstProblemFocus(form.id, 'checkout-problem');
  // the server's refusal (a field's or the order's) is shown where the buyer is looking
  useEffect(() => {
    if (lastResult?.status === 'error') focusFirstProblem();
  }, [lastResult, focusFirstProblem]);

  return (
    <div className="ck-stack-5" data-testid="checkout-area">
      <div className="ck-account" data-testid="checkout-account">
        {student ? (
          <>
            <span>{t('checkout_signed_in_as', { name: student.name })}</span>
            <Form method="post">
              <input type="hidden" name="intent" value="logout" />
              <FormButton type="submit" size="sm" variant="outline">
                {t('nav_logout')}
              </FormButton>
            </Form>
          </>
        ) : (
          <>
            <span>{t('checkout_have_account')}</span>
            <FormButton type="button" size="sm" variant="outline" palette="teal" onClick={() => setAuthOpen(true)} data-testid="open-login">
              {t('nav_login')}
            </FormButton>
          </>
        )}
      </div>

      <FormProvider context={form.context}>
        <Form
          method="post"
          encType="multipart/form-data"
          {...formProps}
          onSubmit={(event) => {
            formProps.onSubmit(event);
            // the browser's check refused a press of pay or Enter: the first problem, not the end of the form;
            // a field's own check on blur is a submit too (conform's validate intent) and leaves the focus where the buyer moved it
            if (event.defaultPrevented && !isValidateIntent(event.nativeEvent)) focusFirstProblem();
          }}
          aria-label={t('checkout_title')}
        >
          <input type="hidden" name="intent" value="checkout" />
          {/* Only a post sent by the page's script: a plain post is answered with a redirect (see checkout-order.server). */}
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
          <div className="ck-stack-5">
            <CheckoutBlock title={t('plan_select_title')} testId="block-plans">
              <PlanPicker plans={checkout.plans} value={planId} onChange={setPlanId} currency={currency} />
              {checkout.shipping === null && checkout.plans.some((plan) => plan.priceUsdAmount !== null) ? (
                <CurrencyPicker value={currency} usdAvailable={usdAvailable} onChange={setChosenCurrency} />
              ) : null}
            </CheckoutBlock>

            {guest ? (
              <>
                <CheckoutBlock title={t('register_title')} testId="block-contact">
                  <ContactInfo settings={checkout.settings} customLabels={checkout.customLabels} userGroups={checkout.userGroups} />
                </CheckoutBlock>
                <CheckoutBlock title={t('register_login_info')} testId="block-login">
                  <LoginInfo />
                </CheckoutBlock>
              </>
            ) : null}

            {checkout.settings.taxInvoiceEnabled ? (
              <CheckoutBlock title={t('tax_invoice_title')} testId="block-tax">
                <TaxInvoice
                  requested={taxRequested}
                  onRequestedChange={(requested) => {
                    setTaxRequested(requested);
                    if (!requested) setWithholding(false);
                  }}
                  personType={personType}
                  onPersonTypeChange={(type) => {
                    setPersonType(type);
                    if (type !== 'juristic_person') setWithholding(false);
                  }}
                  withholdingEnabled={checkout.settings.withholdingEnabled}
                  withholding={withholding}
                  onWithholdingChange={setWithholding}
                  withholdingPercent={withholdingPercent}
                  onWithholdingPercentChange={setWithholdingPercent}
                  withholdingPercents={checkout.settings.withholdingPercents}
                />
              </CheckoutBlock>
            ) : null}

            {promotions.length > 0 ? (
              <CheckoutBlock title={t('cart_promotions')} testId="block-promotions">
                <PromotionList promotions={promotions} breakdown={breakdown} value={promotionId} onChange={discounts.choosePromotion} selectableIds={discounts.selectablePromotionIds} />
              </CheckoutBlock>
            ) : null}

            <CheckoutBlock title={t('cart_coupon_label')} testId="block-coupon">
              <CouponBox
                coupons={coupons}
                breakdown={breakdown}
                busy={discounts.lookupBusy}
                lookup={discounts.lookup}
                onApply={discounts.applyCoupon}
                onRemove={discounts.removeCoupon}
                onLookupSeen={discounts.lookupSeen}
              />
            </CheckoutBlock>

            <CheckoutBlock title={t('cart_payment_methods')} testId="block-payment">
              <PaymentMethods methods={checkout.paymentMethods} value={paymentMethodId} onChange={choosePaymentMethod} />
            </CheckoutBlock>

            {checkout.shipping ? (
              <CheckoutBlock title={t('checkout_shipping_title')} testId="block-shipping">
                <CheckoutShipping shipping={checkout.shipping} feeId={shippingFeeId} onFeeChange={setShippingFeeId} onMissingChange={setAddressMissing} />
              </CheckoutBlock>
            ) : null}

            <CheckoutBlock title={t('checkout_summary')} testId="block-summary">
              <PriceSummary breakdown={breakdown} />
              {notice ? (
                <Alert.Root status="info" mt="3" role="status" data-testid="checkout-notice">
                  <Alert.Indicator />
                  <Alert.Title>{notice}</Alert.Title>
                </Alert.Root>
              ) : null}
              {formErrors.length > 0 ? (
                <Alert.Root status="error" mt="3" role="alert" id="checkout-problem" tabIndex={-1} data-testid="checkout-error">
                  <Alert.Indicator />
                  <Alert.Title>{formErrors[0]}</Alert.Title>
                </Alert.Root>
              ) : hasErrors ? (
                <Alert.Root status="error" mt="3" role="alert" id="checkout-problem" tabIndex={-1} data-testid="checkout-invalid">
                  <Alert.Indicator />
                  <Alert.Title>{t('validation_toast_title')}</Alert.Title>
                </Alert.Root>
              ) : null}
              {blocked ? (
                <p className="ck-warn ck-gap-top-3" role="status" data-testid="pay-blocked">
                  {blocked}
                </p>
              ) : null}
              <FormButton
                type="submit"
                className="ck-gap-top-4"
                fullWidth
                size="lg"
                palette="teal"
                loading={submitting}
                aria-disabled={blocked ? true : undefined}
                data-testid="pay-button"
                onMouseDown={keepFocusOnPress}
                onClick={(event) => {
                  if (blocked) {
                    event.preventDefault();
                    setNotice(blocked);
                  }
                }}
              >
                {t('cart_pay_button')}
              </FormButton>
            </CheckoutBlock>
          </div>
        </Form>
      </FormProvider>
      {discounts.dialog}

      {authOpen ? (
        <Suspense fallback={null}>
          <AuthModal open={authOpen} onOpenChange={setAuthOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
export default withChakra(CheckoutArea);
