import { parseWithZod } from '@conform-to/zod/v4';
import { defaultTranslate } from '@sala/shared/texts';
import { describe, expect, it } from 'vitest';
import { buildCheckoutSchema, withoutEmptyFiles, type CheckoutSchemaContext } from './checkout-schema';
import { buildReportFormSchema } from './report-schema';
import { SiteSettingsSchema, registrationSettings, taxInvoiceEnabled, withholdingPercentsOf } from '@sala/shared/settings';

const SWITCHES = SiteSettingsSchema.parse({
  is_enable_firstname: true,
  is_require_firstname: true,
  is_enable_lastname: true,
  is_require_lastname: true,
  is_enable_tel: true,
  is_require_tel: true,
  is_enable_nickname: true,
  is_require_nickname: false,
  is_enable_address: false,
  is_require_address: true,
  is_enable_profile_picture: true,
  is_require_profile_picture: false,
  is_student_choose_group: true,
  package_user_group: true,
  package_tax_system: true,
  is_enable_addon_tax: true,
  is_enable_tax_invoice: true,
  is_enable_withholding_tax: true,
  withholding_percents: [3, 1],
  is_enable_vat: false,
  vat_value: 700,
  is_coupon_or_promotion: false,
  is_one_coupon_per_order: false,
});

const context = (overrides: Partial<CheckoutSchemaContext> = {}): CheckoutSchemaContext => ({
  guest: true,
  registration: registrationSettings(SWITCHES, true),
  customLabels: [{ id: 2, type_label: 'select', label: 'ประสบการณ์', order_label: 1, required: true, item_list: [{ value: 'beginner', label: 'เริ่มต้น' }] }],
  taxInvoiceEnabled: true,
  t: defaultTranslate,
  ...overrides,
});

function form(entries: Record<string, string | string[] | File>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

const VALID = {
  intent: 'checkout',
  email: 'somying@example.com',
  firstname: 'สมหญิง',
  lastname: 'ใจดี',
  tel: '0812345678',
  userGroupId: '1',
  'customLabels.2': 'beginner',
  username: 'somying',
  newPassword: 'secret1',
  confirmNewPassword: 'secret1',
  planId: '1',
  paymentMethodId: '1',
  promotionId: '',
};

describe('the checkout schema', () => {
  it('asks a course with a printed book for a method and an address, with the spec’s Thai messages under shipping.*', () => {
    const schema = buildCheckoutSchema(context({ shipping: true }));
    const missing = parseWithZod(form({ ...VALID, 'shipping.postcode': '104' }), { schema }).reply().error ?? {};
    expect(missing.shippingFeeId).toEqual(['กรุณาเลือกวิธีการจัดส่ง']);
    expect(missing['shipping.postcode']).toEqual(['กรุณากรอกรหัสไปรษณีย์ 5 หลัก']);
    expect(missing['shipping.fullname']?.[0]).toContain('ชื่อผู้รับ');

    const address = {
      'shipping.fullname': 'มานี มีนา',
      'shipping.tel': '0812345678',
      'shipping.address': '99/9 ถนนพหลโยธิน',
      'shipping.district': 'พญาไท',
      'shipping.province': 'กรุงเทพมหานคร',
      'shipping.postcode': '10400',
    };
    const typed = parseWithZod(form({ ...VALID, ...address, shippingFeeId: '2' }), { schema });
    expect(typed.status).toBe('success');
    if (typed.status === 'success') expect(typed.value.shipping).toMatchObject({ shippingFeeId: 2, shippingAddressId: null, address: { fullname: 'มานี มีนา', postcode: '10400' } });
    // the saved address needs no fields
    const saved = parseWithZod(form({ ...VALID, shippingAddressId: '7', shippingFeeId: '2' }), { schema });
    expect(saved.status).toBe('success');
    if (saved.status === 'success') expect(saved.value.shipping).toEqual({ shippingFeeId: 2, shippingAddressId: 7, address: null });
    // a course without a printed book ignores shipping
    const plain = parseWithZod(form(VALID), { schema: buildCheckoutSchema(context()) });
    expect(plain.status === 'success' && plain.value.shipping).toBe(null);
  });

  it('accepts a complete guest form and reads the order choices', () => {
    const submission = parseWithZod(form({ ...VALID, couponCodes: ['sala10', 'SALA10', ' bankonly '] }), { schema: buildCheckoutSchema(context()) });
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value).toMatchObject({ planId: 1, paymentMethodId: 1, promotionId: null, couponCodes: ['SALA10', 'BANKONLY'], isRequireTaxInvoice: false, isWithholding: false });
    expect(submission.value.registration).toMatchObject({ email: 'somying@example.com', username: 'somying', userGroupId: 1, customLabels: { 2: 'beginner' } });
  });

  it('reports the spec’s Thai messages under the form’s own field names', () => {
    const submission = parseWithZod(form({ ...VALID, email: 'not-an-email', tel: '12345', username: 'สมหญิง', newPassword: '123', confirmNewPassword: '124', 'customLabels.2': '' }), {
      schema: buildCheckoutSchema(context()),
    });
    expect(submission.status).toBe('error');
    const error = submission.reply().error ?? {};
    expect(error.email).toEqual(['อีเมลข้อมูลไม่ถูกต้อง']);
    expect(error.tel).toEqual(['กรุณากรอกเบอร์โทรศัพท์เป็นตัวเลข 9-10 หลัก']);
    expect(error.username).toEqual(['ชื่อผู้ใช้ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ ตัวเลข และ @ - _ .']);
    expect(error.newPassword).toEqual(['รหัสผ่านต้องมีอย่างน้อย 6 ตัวอักษร']);
    expect(error['customLabels.2']).toEqual(['กรุณากรอกประสบการณ์']);
  });

  it('checks the tax invoice only when it is asked for: 13-digit tax id, 5-digit postcode', () => {
    const schema = buildCheckoutSchema(context());
    const without = parseWithZod(form({ ...VALID, taxPayerIdentificationNo: '12' }), { schema });
    expect(without.status).toBe('success');
    const withTax = parseWithZod(
      form({
        ...VALID,
        isRequireTaxInvoice: 'on',
        taxPersonType: 'normal_person',
        taxNameOne: 'สมหญิง',
        taxNameTwo: 'ใจดี',
        taxPayerIdentificationNo: '12345',
        taxAddress: 'กรุงเทพฯ',
        taxPostcode: '101',
        taxIsDeliveryByTaxaddress: 'on',
      }),
      { schema },
    );
    const error = withTax.reply().error ?? {};
    expect(error.taxPayerIdentificationNo).toEqual(['กรุณากรอกเลขประจำตัวผู้เสียภาษี 13 หลัก']);
    expect(error.taxPostcode).toEqual(['กรุณากรอกรหัสไปรษณีย์ 5 หลัก']);
  });

  it('lets only a juristic person withhold tax', () => {
    const submission = parseWithZod(
      form({
        ...VALID,
        isWithholding: 'on',
        isRequireTaxInvoice: 'on',
        taxPersonType: 'normal_person',
        taxNameOne: 'ก',
        taxNameTwo: 'ข',
        taxPayerIdentificationNo: '1101700230705',
        taxAddress: 'ที่อยู่',
        taxPostcode: '10110',
        taxIsDeliveryByTaxaddress: 'on',
      }),
      { schema: buildCheckoutSchema(context()) },
    );
    expect(submission.reply().error?.isWithholding).toEqual(['หักภาษี ณ ที่จ่ายได้เฉพาะนิติบุคคลเท่านั้น']);
  });

  it('asks a signed-in student for no contact or login info', () => {
    const submission = parseWithZod(form({ intent: 'checkout', planId: '1', paymentMethodId: '1' }), { schema: buildCheckoutSchema(context({ guest: false })) });
    expect(submission.status).toBe('success');
  });

  it('needs a plan and a payment method', () => {
    const error = parseWithZod(form({ ...VALID, planId: '', paymentMethodId: '' }), { schema: buildCheckoutSchema(context()) }).reply().error ?? {};
    expect(error.planId).toEqual(['คอร์สนี้ยังไม่มีแพ็กเกจราคา']);
    expect(error.paymentMethodId).toEqual(['กรุณาเลือกช่องทางการชำระเงิน']);
  });

  it('ignores file inputs left empty', () => {
    expect(withoutEmptyFiles({ profileImage: new File([], ''), keep: 'x', list: [new File([], '')] })).toEqual({ profileImage: undefined, keep: 'x', list: undefined });
    const submission = parseWithZod(form({ ...VALID, profileImage: new File([], '') }), { schema: buildCheckoutSchema(context()) });
    expect(submission.status).toBe('success');
  });
});

describe('the transfer report form', () => {
  const schema = buildReportFormSchema({ netAmount: 179100, slipRequired: true }, defaultTranslate);
  const report = { contactName: 'สมหญิง', transferAmount: '1791.00', bankCode: 'SCB', bankAccount: '1', transferDate: '2026-11-25', transferTime: '10:00:00' };

  it('asks for the slip first when the order costs something and the site wants one', () => {
    expect(parseWithZod(form(report), { schema }).reply().error).toEqual({ slip: ['กรุณาอัพโหลดหลักฐานการโอนเงิน'] });
  });

  it('passes with a slip file', () => {
    const submission = parseWithZod(form({ ...report, slip: new File(['png'], 'slip.png', { type: 'image/png' }) }), { schema });
    expect(submission.status).toBe('success');
  });

  it('names the first missing field only, in the spec’s order', () => {
    const error = parseWithZod(form({ ...report, bankCode: '', transferDate: '', slip: new File(['png'], 'slip.png') }), { schema }).reply().error;
    expect(error).toEqual({ bankCode: ['กรุณาเลือกธนาคารต้นทางที่โอน'] });
  });
});

describe('site switches', () => {
  it('asks for a tax invoice only with TAX_SYSTEM, add-on tax and the tax invoice all on', () => {
    expect(taxInvoiceEnabled(SWITCHES)).toBe(true);
    expect(taxInvoiceEnabled({ ...SWITCHES, is_enable_addon_tax: false })).toBe(false);
  });

  it('a disabled field is never required, and a group is required only when students choose one', () => {
    const settings = registrationSettings(SWITCHES, true);
    expect(settings.address).toEqual({ isEnable: false, isRequire: false });
    expect(settings.userGroupRequired).toBe(true);
    expect(registrationSettings({ ...SWITCHES, package_user_group: false }, true).userGroupRequired).toBe(false);
  });

  it('offers the site’s withholding rates, 3% and 1% at most', () => {
    expect(withholdingPercentsOf({ ...SWITCHES, withholding_percents: [1] })).toEqual([1]);
    expect(withholdingPercentsOf({ ...SWITCHES, withholding_percents: [5] })).toEqual([3, 1]);
  });
});
