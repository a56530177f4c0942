/**
 * The cart of a signed-in student: its lines (each removable), the promotions the cart
 * meets, the coupon box, the payment methods (the first selectable one chosen; bank
 * transfer lists the shop's accounts with their PromptPay QR) and the price summary from
 * the shared engine, with the tax invoice and withholding when the site offers them. The pay
 * button posts intent=order to /cart, which prices the same choices again and places the
 * order; the CMS's total is the one charged.
 */
import { Alert, Button, Stack, chakra } from '@chakra-ui/react';
import { FormProvider, getFormProps, useForm } from '@conform-to/react';
import { Form, useActionData, useFetcher, useNavigation } from '@remix-run/react';
import { formatMoney, money } from '@sala/shared/money';
import { useEffect, useState, type ReactNode } from 'react';
import { CouponBox } from '~/components/checkout/coupon-box';
import { PromotionList } from '~/components/checkout/order-options';
import { PaymentMethods } from '~/components/checkout/payment-methods';
import { PriceSummary } from '~/components/checkout/price-summary';
import { useDiscounts } from '~/components/checkout/use-discounts';
import { useFirstProblemFocus } from '~/components/checkout/first-problem';
import type { CheckoutCoupon } from '~/models/checkout/pricing';
import { ShippingAddressBlock, ShippingFeeSelect, shippingFeeAmount } from '~/components/shipping/shipping-section';
import { useLocale, useT } from '~/models/i18n';
import { priceCartLines, promotionsForLines, type CartData, type CartLine, type CartSelection, type TaxPersonType } from '~/models/cart/cart-pricing';
import { CartBookstore } from './cart-bookstore';
import { CartTaxInvoice } from './cart-tax-invoice';

type OrderActionData = { intent: string; error?: { field: string | null; message: string } };

const Block = chakra('section', { base: { borderWidth: '1px', borderColor: 'border', borderRadius: 'xl', bg: 'bg', p: { base: '4', md: '6' } } });
const BlockTitle = chakra('h2', { base: { fontSize: 'lg', fontWeight: '700', mb: '4' } });

function CartBlock({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <Block data-testid={testId} aria-label={title}>
      <BlockTitle>{title}</BlockTitle>
      {children}
    </Block>
  );
}

function EmptyCart() {
  const t = useT();
  return (
    <chakra.div textAlign="center" borderWidth="1px" borderColor="border" borderRadius="xl" bg="bg" px="6" py={{ base: '10', md: '16' }} data-testid="cart-empty">
      <chakra.div aria-hidden display="flex" justifyContent="center" mb="3" color="fg.muted">
        <svg width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
          <circle cx="9" cy="21" r="1" />
          <circle cx="20" cy="21" r="1" />
          <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
        </svg>
      </chakra.div>
      <chakra.p fontSize="xl" fontWeight="700">
        {t('cart_empty')}
      </chakra.p>
      <chakra.p color="fg.muted" mt="2" maxW="md" mx="auto">
        {t('cart_empty_description')}
      </chakra.p>
      <chakra.a href="/" display="inline-flex" alignItems="center" minH="10" px="5" mt="6" borderRadius="lg" bg="brand" color="white" fontWeight="600" _hover={{ bg: 'teal.800' }}>
        {t('cart_browse_courses')}
      </chakra.a>
    </chakra.div>
  );
}

function CartLines({ lines }: { lines: CartLine[] }) {
  const t = useT();
  const locale = useLocale();
  const fetcher = useFetcher();
  const removing = fetcher.state !== 'idle' ? Number(fetcher.formData?.get('itemId')) : null;
  return (
    <chakra.ul listStyle="none" display="flex" flexDirection="column" gap="3" data-testid="cart-lines">
      {lines.map((line) => (
        <chakra.li
          key={line.itemId}
          display="flex"
          flexWrap="wrap"
          alignItems="center"
          justifyContent="space-between"
          gap="3"
          borderWidth="1px"
          borderColor="border"
          borderRadius="lg"
          px="4"
          py="3"
          opacity={removing === line.itemId ? 0.5 : 1}
          data-testid="cart-line"
          data-course-id={line.courseId}
        >
          <chakra.div minW="0" flex="1 1 14rem">
            {line.href ? (
              <chakra.a href={line.href} fontWeight="600" _hover={{ textDecoration: 'underline' }} data-testid="cart-line-title">
                {line.title}
              </chakra.a>
            ) : (
              <chakra.span fontWeight="600" data-testid="cart-line-title">
                {line.title}
              </chakra.span>
            )}
            {line.planName ? (
              <chakra.p fontSize="sm" color="fg.muted">
                {t('cart_item_plan', { plan: line.planName })}
              </chakra.p>
            ) : null}
          </chakra.div>
          <chakra.div display="flex" alignItems="center" gap="3" ml="auto">
            <chakra.span fontWeight="700" data-testid="cart-line-price">
              {line.priceAmount !== null ? formatMoney(money(line.priceAmount * line.quantity, 'THB'), locale) : t('dont_have_pricing')}
              {line.quantity > 1 ? (
                <chakra.span fontWeight="400" color="fg.muted" fontSize="sm">
                  {' '}
                  × {line.quantity}
                </chakra.span>
              ) : null}
            </chakra.span>
            <Button
              type="button"
              size="sm"
              variant="outline"
              colorPalette="red"
              aria-label={`${t('button_remove')} ${line.title}`}
              disabled={removing !== null}
              onClick={() => fetcher.submit({ intent: 'remove', itemId: String(line.itemId) }, { method: 'post' })}
              data-testid="cart-line-remove"
            >
              {t('button_remove')}
            </Button>
          </chakra.div>
        </chakra.li>
      ))}
    </chakra.ul>
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
    <Stack gap="5">
      <chakra.div display="flex" flexWrap="wrap" alignItems="baseline" justifyContent="space-between" gap="2">
        <chakra.h1 fontSize={{ base: '2xl', md: '3xl' }} fontWeight="700">
          {t('cart_title')}
        </chakra.h1>
        <chakra.span color="fg.muted" fontSize="sm" data-testid="cart-student">
          {t('checkout_signed_in_as', { name: studentName })}
        </chakra.span>
      </chakra.div>
      {addError ? (
        <Alert.Root status="warning" data-testid="cart-add-error">
          <Alert.Indicator />
          <Alert.Title>{addError}</Alert.Title>
        </Alert.Root>
      ) : null}
      {empty ? null : <CartBookstore lines={cart.lines} />}
      {empty ? (
        <EmptyCart />
      ) : (
        <FormProvider context={form.context}>
          <Form method="post" {...getFormProps(form)} aria-label={t('cart_title')}>
            <input type="hidden" name="intent" value="order" />
            <chakra.div display="grid" gap="5" gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 22rem' }} alignItems="start">
              <Stack gap="5" minW="0">
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
              </Stack>
              <chakra.div position={{ lg: 'sticky' }} top={{ lg: '4' }}>
                <CartBlock title={t('checkout_summary')} testId="block-summary">
                  <PriceSummary breakdown={breakdown} />
                  {notice ? (
                    <Alert.Root status="info" mt="3" role="status" data-testid="cart-notice">
                      <Alert.Indicator />
                      <Alert.Title>{notice}</Alert.Title>
                    </Alert.Root>
                  ) : null}
                  {orderError ? (
                    <Alert.Root status="error" mt="3" role="alert" id="cart-problem" tabIndex={-1} data-testid="cart-error">
                      <Alert.Indicator />
                      <Alert.Title>{orderError.message}</Alert.Title>
                    </Alert.Root>
                  ) : null}
                  <Button type="submit" mt="4" w="full" size="lg" colorPalette="teal" loading={submitting} disabled={addressMissing} data-testid="pay-button">
                    {t('cart_pay_button')}
                  </Button>
                  {addressMissing ? (
                    <chakra.p mt="2" fontSize="sm" color="fg.error" role="status" data-testid="pay-blocked">
                      {t('shipping_pay_blocked')}
                    </chakra.p>
                  ) : null}
                </CartBlock>
              </chakra.div>
            </chakra.div>
          </Form>
        </FormProvider>
      )}

      {discounts.dialog}
    </Stack>
  );
}
