import { createTranslator } from '@sala/shared/texts';
import { describe, expect, it } from 'vitest';
import type { CheckoutValues } from './checkout-schema';
import { decideCheckout, orderPayload, taxInvoicePayload, type CheckoutDecisionInput } from './decide';
import { couponFromWire, promotionFromWire, type CheckoutPlan } from './pricing';
import type { CheckoutData, PaymentMethodView } from './types';
import type { TaxInvoiceValues } from '@sala/shared/schemas';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const t = createTranslator('th');

const plan = (overrides: Partial<CheckoutPlan> = {}): CheckoutPlan => ({
  id: 1,
  name: 'ซื้อขาด',
  planType: 'One-Time Payment',
  term: null,
  termUnit: null,
  term2: null,
  termUnit2: null,
  priceAmount: 199000,
  priceUsdAmount: 5900,
  isDefault: true,
  isForMember: false,
  needApproval: false,
  disabled: false,
  selected: true,
  ...overrides,
});

const method = (id: number, overrides: Partial<PaymentMethodView> = {}): PaymentMethodView => ({
  id,
  name: `method ${id}`,
  description: null,
  paymentType: 'online',
  logoUrl: null,
  bankAccounts: null,
  disabled: false,
  ...overrides,
});

const coupon = (id: number, code: string, discountAmount: number) =>
  couponFromWire({
    id,
    code,
    name: code,
    coupon_type: 'P1',
    number_of_course: 1,
    discount_type: 'amount',
    discount_amount: discountAmount,
    discount_amount_usd: 0,
    discount_percent: 0,
    courses: [7],
    payment_method: [1, 8],
    valid_from: null,
    valid_to: null,
  });

const promotion = promotionFromWire({
  id: 4,
  title: 'ลด 15%',
  description_list: [],
  link_path: '/promotion/4',
  promotion_type: 'P1',
  number_of_course: 1,
  discount_type: 'percent',
  discount_amount: 0,
  discount_amount_usd: 0,
  discount_percent: 15,
  is_enable_tier: false,
  tier_list: [],
  courses: [7],
  valid_from: null,
  valid_to: null,
});

const checkout = (overrides: Partial<CheckoutData> = {}): CheckoutData => ({
  course: { id: 7, title: 'การตลาดออนไลน์', courseType: 'Online' },
  plans: [plan(), plan({ id: 2, priceAmount: 99000, isForMember: true, disabled: true })],
  promotions: [],
  paymentMethods: [method(1), method(8), method(3, { disabled: true })],
  customLabels: [
    { id: 1, type_label: 'inputtext', label: 'บริษัท', order_label: 1, required: false },
    { id: 4, type_label: 'image', label: 'บัตรนักศึกษา', order_label: 2, required: false },
  ],
  userGroups: [],
  settings: {
    registration: {} as CheckoutData['settings']['registration'],
    chooseUserGroup: false,
    taxInvoiceEnabled: true,
    withholdingEnabled: true,
    withholdingPercents: [3, 1],
    pricing: { vatEnabled: false, vatBasisPoints: 700, couponOrPromotion: false, oneCouponPerOrder: false },
    slipRequired: false,
    thankYouPage: true,
  },
  shipping: null,
  now: NOW.toISOString(),
  ...overrides,
});

const values = (overrides: Partial<CheckoutValues> = {}): CheckoutValues => ({
  planId: 1,
  paymentMethodId: 1,
  promotionId: 'auto',
  couponCodes: [],
  isRequireTaxInvoice: false,
  isWithholding: false,
  withholdingPercent: 3,
  registration: null,
  taxInvoice: null,
  shipping: null,
  ...overrides,
});

const input = (overrides: Partial<CheckoutDecisionInput> = {}): CheckoutDecisionInput => ({
  values: values(),
  currency: 'THB',
  checkout: checkout(),
  coupons: { coupons: [], failed: [] },
  guest: false,
  autoCancelHours: 0,
  now: NOW,
  t,
  locale: 'th',
  ...overrides,
});

const file = (name: string) => new File(['x'], name, { type: 'image/png' });

const shippingData = {
  fees: [{ id: 5, name: 'EMS', description: null, priceAmount: 5000 }],
  address: { id: 9, fullname: 'ก', tel: '0812345678', address: '1', subdistrict: 'a', district: 'b', province: 'c', postcode: '10110' },
};

describe('deciding a checkout: refusals', () => {
  it('a plan that is not listed, or listed but disabled (member only), is refused on the plan field', () => {
    expect(decideCheckout(input({ values: values({ planId: 99 }) }))).toEqual({ ok: false, reply: { fieldErrors: { planId: ['คอร์สนี้ยังไม่มีแพ็กเกจราคา'] } } });
    expect(decideCheckout(input({ values: values({ planId: 2 }) }))).toEqual({ ok: false, reply: { fieldErrors: { planId: ['คอร์สนี้ยังไม่มีแพ็กเกจราคา'] } } });
  });

  it('paying in USD needs a USD price on the plan', () => {
    const data = checkout({ plans: [plan({ priceUsdAmount: null })] });
    expect(decideCheckout(input({ currency: 'USD', checkout: data }))).toEqual({ ok: false, reply: { fieldErrors: { planId: ['คอร์สนี้ยังไม่มีราคาเป็นดอลลาร์สหรัฐ'] } } });
  });

  it('a course that ships a book cannot be paid in USD', () => {
    const data = checkout({ shipping: shippingData });
    const shipping = { shippingFeeId: 5, shippingAddressId: 9, address: null };
    expect(decideCheckout(input({ currency: 'USD', checkout: data, values: values({ shipping }) }))).toEqual({ ok: false, reply: { fieldErrors: { planId: ['คอร์สนี้ยังไม่มีราคาเป็นดอลลาร์สหรัฐ'] } } });
  });

  it('a shipping course needs one of the shop’s shipping methods', () => {
    const data = checkout({ shipping: shippingData });
    expect(decideCheckout(input({ checkout: data }))).toEqual({ ok: false, reply: { fieldErrors: { shippingFeeId: ['กรุณาเลือกวิธีการจัดส่ง'] } } });
    const unknownFee = { shippingFeeId: 6, shippingAddressId: 9, address: null };
    expect(decideCheckout(input({ checkout: data, values: values({ shipping: unknownFee }) }))).toEqual({ ok: false, reply: { fieldErrors: { shippingFeeId: ['กรุณาเลือกวิธีการจัดส่ง'] } } });
  });

  it('a saved address that is not the student’s own is refused for the whole form', () => {
    const data = checkout({ shipping: shippingData });
    const someoneElses = { shippingFeeId: 5, shippingAddressId: 10, address: null };
    expect(decideCheckout(input({ checkout: data, values: values({ shipping: someoneElses }) }))).toEqual({ ok: false, reply: { formErrors: ['กรุณากรอกข้อมูลที่อยู่สำหรับจัดส่ง'] } });
  });

  it('a payment method that is not offered, or disabled, is refused on its field', () => {
    expect(decideCheckout(input({ values: values({ paymentMethodId: 99 }) }))).toEqual({ ok: false, reply: { fieldErrors: { paymentMethodId: ['กรุณาเลือกช่องทางการชำระเงิน'] } } });
    expect(decideCheckout(input({ values: values({ paymentMethodId: 3 }) }))).toEqual({ ok: false, reply: { fieldErrors: { paymentMethodId: ['กรุณาเลือกช่องทางการชำระเงิน'] } } });
  });

  it('every coupon code the CMS turned down is named with its reason', () => {
    const failed = [
      { code: 'NOPE', reason: 'NOT_FOUND' },
      { code: 'ONCE1', reason: 'COUPON_NOT_AVAILABLE' },
    ];
    expect(decideCheckout(input({ coupons: { coupons: [coupon(1, 'SALA200', 200)], failed } }))).toEqual({
      ok: false,
      reply: { fieldErrors: { couponCode: ['NOPE: ไม่พบโค้ดส่วนลดนี้!', 'ONCE1: คูปองนี้ไม่สามารถใช้ได้'] } },
    });
  });

  it('a promotion the course qualifies for must be chosen when the buyer picked none', () => {
    const data = checkout({ promotions: [promotion] });
    expect(decideCheckout(input({ checkout: data, values: values({ promotionId: null }) }))).toEqual({ ok: false, reply: { fieldErrors: { promotionId: ['กรุณาเลือกโปรโมชันก่อนสั่งซื้อ'] } } });
  });

  it('withholding without a juristic-person tax invoice is refused on the withholding field', () => {
    expect(decideCheckout(input({ values: values({ isWithholding: true }) }))).toEqual({ ok: false, reply: { fieldErrors: { isWithholding: ['หักภาษี ณ ที่จ่ายได้เฉพาะนิติบุคคลเท่านั้น'] } } });
  });

  it('a pricing problem of no field is a notice for the form: 15.00 THB is below the card minimum of 20.00', () => {
    const data = checkout({ plans: [plan({ priceAmount: 1500 })] });
    expect(decideCheckout(input({ checkout: data, values: values({ paymentMethodId: 8 }) }))).toEqual({ ok: false, reply: { formErrors: ['ยอดชำระขั้นต่ำสำหรับช่องทางนี้คือ 20 บาท'] } });
  });

  it('the first refusal wins: a bad plan is reported before a bad method or coupon', () => {
    const decision = decideCheckout(input({ values: values({ planId: 99, paymentMethodId: 99 }), coupons: { coupons: [], failed: [{ code: 'NOPE', reason: 'NOT_FOUND' }] } }));
    expect(decision).toEqual({ ok: false, reply: { fieldErrors: { planId: ['คอร์สนี้ยังไม่มีแพ็กเกจราคา'] } } });
  });
});

describe('deciding a checkout: the order', () => {
  it('a coupon priced in: 1990.00 - 200.00 = 1790.00, with the coupon’s id and code, the plan and the course', () => {
    const decision = decideCheckout(input({ coupons: { coupons: [coupon(3, 'SALA200', 200)], failed: [] }, autoCancelHours: 24 }));
    if (!decision.ok) throw new Error('refused');
    expect(decision.plan.id).toBe(1);
    expect(decision.method.id).toBe(1);
    expect(decision.fee).toBeNull();
    expect(decision.breakdown.totals.amountToPay.amount).toBe(179000);
    expect(decision.uploads).toEqual([]);
    expect(decision.tax).toBeNull();
    expect(decision.shipping).toBeNull();
    expect(decision.order).toEqual({
      course_id: [7],
      payment_method_id: 1,
      coupon_id: [3],
      coupon_code: ['SALA200'],
      promotion_id: null,
      status: 'notYetReceived',
      price: '1990.00',
      discount: '200.00',
      shipping_fee: '0.00',
      currency_code: 'THB',
      pricingplan_id: [1],
      courses: JSON.stringify([{ course_id: 7, pricingplan_id: 1, price: '1990.00', discount: '200.00', quantity: 1 }]),
      cancel_at: '2026-11-26T10:00:00.000Z',
      shipping_fee_id: null,
      is_withholding: false,
    });
  });

  it('the best promotion applies by itself: 1990.00 - 15% (298.50) = 1691.50', () => {
    const decision = decideCheckout(input({ checkout: checkout({ promotions: [promotion] }) }));
    if (!decision.ok) throw new Error('refused');
    expect(decision.order).toMatchObject({ promotion_id: 4, price: '1990.00', discount: '298.50', cancel_at: null });
  });

  it('paid in USD: the plan’s USD price, 59.00', () => {
    const decision = decideCheckout(input({ currency: 'USD' }));
    if (!decision.ok) throw new Error('refused');
    expect(decision.order).toMatchObject({ currency_code: 'USD', price: '59.00', discount: '0.00' });
  });

  it('a juristic person withholds 3%, and the company certificate goes up with the order', () => {
    const certificate = file('cert.pdf');
    const taxInvoice = { taxPersonType: 'juristic_person', taxNameOne: 'บริษัท ก จำกัด', taxCompanyCertificate: [certificate] } as unknown as TaxInvoiceValues;
    const decision = decideCheckout(input({ values: values({ isRequireTaxInvoice: true, isWithholding: true, taxInvoice }) }));
    if (!decision.ok) throw new Error('refused');
    expect(decision.order).toMatchObject({ is_withholding: true, withholding_percent: 3 });
    expect(decision.tax).toBe(taxInvoice);
    expect(decision.uploads).toEqual([{ file: certificate, target: { kind: 'certificate' } }]);
  });

  it('withholding is ignored when the site has it off', () => {
    const data = checkout();
    data.settings.withholdingEnabled = false;
    const decision = decideCheckout(input({ checkout: data, values: values({ isWithholding: true }) }));
    expect(decision.ok && decision.order.is_withholding).toBe(false);
  });

  it('a guest’s profile picture and image-label files go up first, then the certificate; a signed-in student sends no registration files', () => {
    const picture = file('me.png');
    const card = file('card.png');
    const certificate = file('cert.pdf');
    const registration = { profileImage: [picture], customLabels: { '1': 'Sala Co', '4': [card] } };
    const taxInvoice = { taxPersonType: 'normal_person', taxCompanyCertificate: [certificate] } as unknown as TaxInvoiceValues;
    const guest = decideCheckout(input({ guest: true, values: values({ registration, taxInvoice, isRequireTaxInvoice: true }) }));
    expect(guest.ok && guest.uploads).toEqual([
      { file: picture, target: { kind: 'profile' } },
      { file: card, target: { kind: 'label', labelId: 4 } },
      { file: certificate, target: { kind: 'certificate' } },
    ]);
    const student = decideCheckout(input({ guest: false, values: values({ registration, taxInvoice, isRequireTaxInvoice: true }) }));
    expect(student.ok && student.uploads).toEqual([{ file: certificate, target: { kind: 'certificate' } }]);
  });

  it('a shipping course: the fee is priced in, the saved address or the new one is kept for the pipeline', () => {
    const data = checkout({ shipping: shippingData });
    const saved = decideCheckout(input({ checkout: data, values: values({ shipping: { shippingFeeId: 5, shippingAddressId: 9, address: null } }) }));
    if (!saved.ok) throw new Error('refused');
    expect(saved.fee?.id).toBe(5);
    expect(saved.shipping).toEqual({ addressId: 9, newAddress: null });
    expect(saved.order).toMatchObject({ shipping_fee: '50.00', shipping_fee_id: 5 });
    const address = { fullname: 'ข', tel: '0812345678', address: '2', subdistrict: 'a', district: 'b', province: 'c', postcode: '10110' };
    const typed = decideCheckout(input({ checkout: data, values: values({ shipping: { shippingFeeId: 5, shippingAddressId: null, address } }) }));
    expect(typed.ok && typed.shipping).toEqual({ addressId: null, newAddress: address });
  });
});

describe('the order payload and the tax fields', () => {
  it('adds who orders and the address; an order with no shipping method ships nowhere', () => {
    const fee = { id: 5, name: 'EMS', description: null, priceAmount: 5000 };
    expect(orderPayload({ course_id: [7] }, { userId: 12, shippingAddressId: 9, fee })).toEqual({ user_id: 12, course_id: [7], shipping_address_id: 9 });
    expect(orderPayload({ course_id: [7] }, { userId: null, shippingAddressId: 9, fee: null })).toEqual({ user_id: 0, course_id: [7], shipping_address_id: null });
  });

  it('the tax invoice fields with the certificates’ stored names; the delivery address only when it differs', () => {
    const tax = {
      taxPersonType: 'juristic_person' as const,
      taxNameOne: 'บริษัท ก',
      taxNameTwo: '',
      taxPayerIdentificationNo: '0105551234567',
      taxAddress: '1 ถนน',
      taxPostcode: '10110',
      taxIsDeliveryByTaxaddress: true,
      taxDeliveryAddress: 'อื่น',
    };
    expect(taxInvoicePayload(tax, ['cert-1.pdf'])).toEqual({
      is_require_tax_invoice: true,
      tax_person_type: 'juristic_person',
      tax_name_one: 'บริษัท ก',
      tax_name_two: '',
      tax_payer_identification_no: '0105551234567',
      tax_address: '1 ถนน',
      tax_postcode: '10110',
      tax_is_delivery_by_tax_address: true,
      tax_delivery_address: null,
      tax_company_certificate: ['cert-1.pdf'],
    });
    expect(taxInvoicePayload({ ...tax, taxIsDeliveryByTaxaddress: false }, []).tax_delivery_address).toBe('อื่น');
  });

  it('no tax invoice asked for: only the request flag, off', () => {
    expect(taxInvoicePayload(null, [])).toEqual({ is_require_tax_invoice: false });
  });
});
