import { createTranslator } from '@sala/shared/texts';
import { describe, expect, it } from 'vitest';
import { postOrderPath, postReportDelayMs } from '~/models/checkout/post-order';
import { orderErrorMessage, registrationErrors } from './checkout-order.server';
import { CmsApiError } from './cms.server';
import { chooseLayout } from './course-page.server';

const th = createTranslator('th');

const refusal = (code: string, extra: { errors?: Record<string, string | string[]>; result?: unknown; msg?: string; status?: number } = {}) =>
  new CmsApiError('/x', extra.status ?? 409, code, extra.msg ?? '', extra.errors ?? null, extra.result ?? null);

describe('where a buyer goes after an order', () => {
  it('to /thankyou with the order token when the thank-you page is on, plain /thankyou without a token', () => {
    expect(postOrderPath(true, 'abc-123_x')).toBe('/thankyou?orderId=abc-123_x');
    expect(postOrderPath(true, null)).toBe('/thankyou');
  });

  it('to the order list when the thank-you page is off', () => {
    expect(postOrderPath(false, 'abc')).toBe('/myaccount/student/order');
  });

  it('after a transfer report: 500 ms before the thank-you page, 1000 ms before the order list', () => {
    expect(postReportDelayMs(true)).toBe(500);
    expect(postReportDelayMs(false)).toBe(1000);
  });
});

describe('registration refusals from the CMS', () => {
  it('DUPLICATE_USERNAME lands on the username field and DUPLICATE_EMAIL on the e-mail, in Thai', () => {
    expect(registrationErrors(refusal('DUPLICATE_USERNAME'), th)).toEqual({ fieldErrors: { username: ['ชื่อผู้ใช้นี้มีในระบบแล้ว'] } });
    expect(registrationErrors(refusal('DUPLICATE_EMAIL'), th)).toEqual({ fieldErrors: { email: ['อีเมลนี้มีในระบบแล้ว'] } });
  });

  it('per-field messages go to the form’s own field names', () => {
    const error = refusal('INPUT_ERROR', { status: 400, errors: { password: 'สั้นไป', 'customLabel.2': 'กรุณากรอกประสบการณ์', tax_postcode: 'กรุณากรอกรหัสไปรษณีย์ 5 หลัก', displayImgUrl: 'ไม่พบไฟล์' } });
    expect(registrationErrors(error, th)).toEqual({
      fieldErrors: { newPassword: ['สั้นไป'], 'customLabels.2': ['กรุณากรอกประสบการณ์'], taxPostcode: ['กรุณากรอกรหัสไปรษณีย์ 5 หลัก'], profileImage: ['ไม่พบไฟล์'] },
    });
  });

  it('a refusal of no field is a notice for the whole form', () => {
    expect(registrationErrors(refusal('OVER_LIMIT_USER'), th)).toEqual({ formErrors: ['จำนวนผู้ใช้ถึงขีดจำกัดแล้ว กรุณาติดต่อผู้ดูแลระบบ'] });
  });
});

describe('order refusals', () => {
  const t = createTranslator('th');

  it('name the used-up coupons, the owned courses and a full class', () => {
    expect(orderErrorMessage(refusal('COUPON_NOT_AVAILABLE', { result: { codes: ['ONCE1'] } }), t)).toBe('คูปองที่ใช้ไม่ได้: ONCE1 คูปองนี้ถูกใช้ครบจำนวนแล้ว');
    expect(orderErrorMessage(refusal('HAVE_COURSE', { result: { names: ['Excel'] } }), t)).toBe('คุณมีคอร์สเหล่านี้อยู่แล้ว: Excel');
    expect(orderErrorMessage(refusal('NO_MORE_SEAT'), t)).toBe('ที่นั่งเต็มแล้ว');
  });

  it('TIME_LEFT shows the server’s own message', () => {
    expect(orderErrorMessage(refusal('TIME_LEFT', { msg: 'ปิดรับสมัครแล้ว' }), t)).toBe('ปิดรับสมัครแล้ว');
  });
});

describe('the layout of a course page', () => {
  it('follows the site setting, the registration flag wins, anything unknown is the default', () => {
    expect(chooseLayout('1', false)).toBe('1');
    expect(chooseLayout('3', false)).toBe('3');
    expect(chooseLayout('4', false)).toBe('4');
    expect(chooseLayout('default', true)).toBe('4');
    expect(chooseLayout('7', false)).toBe('default');
    expect(chooseLayout(null, false)).toBe('default');
  });
});
