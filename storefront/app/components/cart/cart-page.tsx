/**
 * The cart of a signed-in student: its lines (each removable), the promotions the cart
 * meets, the coupon box, the payment methods (the first selectable one chosen; bank
 * transfer lists the shop's accounts with their PromptPay QR) and the price summary from
 * the shared engine, with the tax invoice and withholding when the site offers them. The pay
 * button posts intent=order to /cart, which prices the same choices again and places the
 * order; the CMS's total is the one charged.
 */
import { FormProvider, getFormProps, useForm } from '@conform-to/react';
import { Form, useActionData, useFetcher, useNavigation } from '@remix-run/react';
import { formatMoney, money } from '@sala/shared/money';
import { useEffect, useState, type ReactNode } from 'react';
import { CouponBox } from '~/components/checkout/coupon-box';
import { FormButton } from '~/components/checkout/form-button';
import { PromotionList } from '~/components/checkout/order-options';
import { PaymentMethods } from '~/components/checkout/payment-methods';
import { PriceSummary } from '~/components/checkout/price-summary';
import { useDiscounts } from '~/components/checkout/use-discounts';
import { useFirstProblemFocus } from '~/components/checkout/first-problem';
import type { CheckoutCoupon } from '~/models/checkout/pricing';
import { PayNotice } from '~/components/payment/pay-button';
import { ShippingAddressBlock, ShippingFeeSelect, shippingFeeAmount } from '~/components/shipping/shipping-section';
import { useLocale, useT } from '~/models/i18n';
import { priceCartLines, promotionsForLines, type CartData, type CartLine, type CartSelection, type TaxPersonType } from '~/models/cart/cart-pricing';
import { CartBookstore } from './cart-bookstore';
import { CartTaxInvoice } from './cart-tax-invoice';

type OrderActionData = { intent: string; error?: { field: string | null; message: string } };

function CartBlock({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <section className="ck-block" data-testid={testId} aria-label={title}>
      <h2 className="ck-block-title">{title}</h2>
      {children}
    </section>
  );
}

function EmptyCart() {
  const t = useT();
  return (
    <div className="cart-empty" data-testid="cart-empty">
      <div aria-hidden className="cart-empty-icon">
        <svg width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
          <circle cx="9" cy="21" r="1" />
          <circle cx="20" cy="21" r="1" />
          <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
        </svg>
      </div>
      <p className="cart-empty-title">{t('cart_empty')}</p>
      <p className="cart-empty-text">{t('cart_empty_description')}</p>
      <a href="/" className="cart-browse">
        {t('cart_browse_courses')}
      </a>
    </div>
  );
}

function CartLines({ lines }: { lines: CartLine[] }) {
  const t = useT();
  const locale = useLocale();
  const fetcher = useFetcher();
  const removing = fetcher.state !== 'idle' ? Number(fetcher.formData?.get('itemId')) : null;
  return (
    <ul className="cart-lines" data-testid="cart-lines">
      {lines.map((line) => (
        <li key={line.itemId} className="cart-line" data-removing={removing === line.itemId ? '' : undefined} data-testid="cart-line" data-course-id={line.courseId}>
          <div className="cart-line-name">
            {line.href ? (
              <a href={line.href} className="ck-bold" data-testid="cart-line-title">
                {line.title}
              </a>
            ) : (
              <span className="ck-bold" data-testid="cart-line-title">
                {line.title}
              </span>
            )}
            {line.planName ? <p className="cart-sm ck-muted">{t('cart_item_plan', { plan: line.planName })}</p> : null}
          </div>
          <div className="cart-line-end">
            <span className="ck-strong" data-testid="cart-line-price">
              {line.priceAmount !== null ? formatMoney(money(line.priceAmount * line.quantity, 'THB'), locale) : t('dont_have_pricing')}
              {line.quantity > 1 ? <span className="cart-sm ck-muted cart-qty"> × {line.quantity}</span> : null}
            </span>
            <FormButton
              size="sm"
              variant="outline"
              className="cart-palette-red"
              aria-label={`${t('button_remove')} ${line.title}`}
              disabled={removing !== null}
              onClick={() => fetcher.submit({ intent: 'remove', itemId: String(line.itemId) }, { method: 'post' })}
              data-testid="cart-line-remove"
            >
              {t('button_remove')}
            </FormButton>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function CartPage({ cart, studentName, addError }: { cart: CartData; studentName: string; addError: string | null }) {
  const t = useT();
  const navigation = useNavigation();
  const actionData = useActionData<OrderActionData>();
  const orderError = actionData?.intent === 'order' || actionData?.intent === 'remove' ? actionData.error : undefined;
  const [form] = useForm({ id: 'cart-form' });
  // the order's refusal is announced (role="alert") and takes the focus, wherever the buyer scrolled
  const focusFirstProblem = useFirstProblemFocus(form.id, 'cart-problem');
  useEffect(() => {
    if (orderError) focusFirstProblem();
  }, [orderError, focusFirstProblem]);

  const firstMethod = cart.paymentMethods.find((method) => !method.disabled)?.id ?? null;
  const [paymentMethodId, setPaymentMethodId] = useState<number | null>(firstMethod);
  const [shippingFeeId, setShippingFeeId] = useState<number | null>(cart.shipping?.fees[0]?.id ?? null);
  const feeAmount = shippingFeeAmount(cart.shipping, shippingFeeId);
  // Physical items cannot be paid for before the student gives a delivery address.
  const addressMissing = cart.shipping !== null && cart.shipping.address === null;
  // The tax invoice starts as the account asks for it, with the person type on file.
  const [taxRequested, setTaxRequested] = useState(() => Boolean(cart.tax?.requested && cart.tax.onFile));
  const [personType, setPersonType] = useState<TaxPersonType>(cart.tax?.onFile?.personType ?? 'juristic_person');
  const [withholding, setWithholding] = useState(false);
  const [withholdingPercent, setWithholdingPercent] = useState<3 | 1>(cart.tax?.withholdingPercents[0] ?? 3);

  const selectionFor = (promotionId: CartSelection['promotionId'], coupons: CheckoutCoupon[]): CartSelection => ({
    promotionId,
    coupons,
    paymentMethodId,
    shippingFeeAmount: feeAmount,
    taxInvoice: cart.tax && taxRequested ? { personType } : null,
    withholding: { enabled: Boolean(cart.tax?.withholdingEnabled) && withholding, percent: withholdingPercent },
  });
  const discounts = useDiscounts({
    price: (promotionId, coupons) => priceCartLines(cart, selectionFor(promotionId, coupons)),
    priceDeps: [paymentMethodId, cart, feeAmount, taxRequested, personType, withholding, withholdingPercent],
    exclusive: cart.pricing.couponOrPromotion,
    oneCouponPerOrder: cart.pricing.oneCouponPerOrder,
  });
  const { coupons, promotionId, breakdown, notice } = discounts;
  const promotions = promotionsForLines(cart.promotions, cart.lines);

  const choosePaymentMethod = (id: number) => {
    setPaymentMethodId(id);
    discounts.keepCouponsFor(id);
  };

  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'order';
  const empty = cart.lines.length === 0;

  return (
    <div className="ck-stack-5">
      <div className="cart-head">
        <h1 className="cart-title">{t('cart_title')}</h1>
        <span className="cart-sm ck-muted" data-testid="cart-student">
          {t('checkout_signed_in_as', { name: studentName })}
        </span>
      </div>
      {addError ? <PayNotice status="warning" title={addError} role="alert" testId="cart-add-error" /> : null}
      {empty ? null : <CartBookstore lines={cart.lines} />}
      {empty ? (
        <EmptyCart />
      ) : (
        <FormProvider context={form.context}>
          <Form method="post" {...getFormProps(form)} aria-label={t('cart_title')}>
            <input type="hidden" name="intent" value="order" />
            <div className="cart-grid">
              <div className="ck-stack-5 ck-min-0">
                <CartBlock title={t('cart_items_title')} testId="block-lines">
                  <CartLines lines={cart.lines} />
                </CartBlock>
                {cart.shipping ? (
                  <>
                    <CartBlock title={t('cart_shipping_address')} testId="block-shipping-address">
                      <ShippingAddressBlock address={cart.shipping.address} />
                    </CartBlock>
                    <CartBlock title={t('cart_shipping_method')} testId="block-shipping-fee">
                      <ShippingFeeSelect fees={cart.shipping.fees} value={shippingFeeId} onChange={setShippingFeeId} />
                    </CartBlock>
                  </>
                ) : null}
                {promotions.length > 0 ? (
                  <CartBlock title={t('cart_promotions')} testId="block-promotions">
                    <PromotionList promotions={promotions} breakdown={breakdown} value={promotionId} onChange={discounts.choosePromotion} selectableIds={discounts.selectablePromotionIds} />
                  </CartBlock>
                ) : null}
                <CartBlock title={t('cart_coupon_label')} testId="block-coupon">
                  <CouponBox
                    coupons={coupons}
                    breakdown={breakdown}
                    busy={discounts.lookupBusy}
                    lookup={discounts.lookup}
                    onApply={discounts.applyCoupon}
                    onRemove={discounts.removeCoupon}
                    onLookupSeen={discounts.lookupSeen}
                  />
                </CartBlock>
                {cart.tax ? (
                  <CartBlock title={t('tax_invoice_title')} testId="block-tax">
                    <CartTaxInvoice
                      tax={cart.tax}
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
                      withholding={withholding}
                      onWithholdingChange={(checked) => {
                        setWithholding(checked);
                        // Withholding is deducted on a juristic person's tax invoice.
                        if (checked) {
                          setTaxRequested(true);
                          setPersonType('juristic_person');
                        }
                      }}
                      percent={withholdingPercent}
                      onPercentChange={setWithholdingPercent}
                    />
                  </CartBlock>
                ) : null}
                <CartBlock title={t('cart_payment_methods')} testId="block-payment">
                  <PaymentMethods methods={cart.paymentMethods} value={paymentMethodId} onChange={choosePaymentMethod} />
                </CartBlock>
              </div>
              <div className="cart-sticky">
                <CartBlock title={t('checkout_summary')} testId="block-summary">
                  <PriceSummary breakdown={breakdown} />
                  {notice ? (
                    <div className="ck-gap-top-3">
                      <PayNotice status="info" title={notice} role="status" testId="cart-notice" />
                    </div>
                  ) : null}
                  {orderError ? (
                    <div className="ck-gap-top-3">
                      <PayNotice status="error" title={orderError.message} role="alert" id="cart-problem" testId="cart-error" />
                    </div>
                  ) : null}
                  <FormButton type="submit" size="lg" palette="teal" fullWidth className="ck-gap-top-4" loading={submitting} disabled={addressMissing} data-testid="pay-button">
                    {t('cart_pay_button')}
                  </FormButton>
                  {addressMissing ? (
                    <p className="cart-gap-2 cart-sm ck-error-text" role="status" data-testid="pay-blocked">
                      {t('shipping_pay_blocked')}
                    </p>
                  ) : null}
                </CartBlock>
              </div>
            </div>
          </Form>
        </FormProvider>
      )}

      {discounts.dialog}
    </div>
  );
}
