import { describe, expect, it, test } from 'vitest';
import { COUPON_REASONS, ERROR_CODES, LOCALES, PROMOTION_REASONS } from '../constants/index.js';
import { ERROR_TEXT_KEYS, TEXTS, TEXT_KEYS, couponResultModal, createTranslator, defaultTranslate, errorMessage, interpolate, isTextKey, reasonMessage, translate } from './index.js';

/** Keys the spec names outright; the storefront and the CMS look them up by these names. */
const SPEC_KEYS = [
  'login_title',
  'login_description',
  'login_username',
  'login_password',
  'login_button',
  'login_forgot_pass',
  'login_register_title',
  'login_register_button',
  'cart_payment_notification',
  'cart_fail',
  'payment_fail',
  'dont_have_pricing',
  'have_course',
  'no_more_seat',
  'coupon_not_found_title',
  'coupon_success_title',
  'validation_toast_title',
];

describe('the text catalogue', () => {
  it('has every key the spec names', () => {
    for (const key of SPEC_KEYS) expect(isTextKey(key), key).toBe(true);
  });

  it('has a non-blank Thai and English text for every key', () => {
    for (const key of TEXT_KEYS) {
      for (const locale of LOCALES) expect(TEXTS[key][locale].trim(), `${key}.${locale}`).not.toBe('');
    }
  });

  it('uses the same placeholders in Thai and English', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of TEXT_KEYS) expect(placeholders(TEXTS[key].th), key).toEqual(placeholders(TEXTS[key].en));
  });

  test.each([
    ['cart_fail', 'ผิดพลาด'],
    ['payment_fail', 'ชำระเงินไม่สำเร็จ กรุณาลองอีกครั้ง'],
    ['coupon_not_found_title', 'ไม่พบโค้ดส่วนลดนี้!'],
    ['coupon_success_title', 'คุณได้รับส่วนลดจากคูปองนี้เรียบร้อยแล้ว!'],
    ['validation_toast_title', 'คุณกรอกข้อมูลไม่ถูกต้อง'],
    ['tax_invoice_invalid_toast', 'ข้อมูลใบกำกับภาษีไม่ถูกต้อง'],
    ['tax_certificate_required', 'กรุณาอัพโหลดหนังสือรับรอง'],
    ['tax_id_invalid', 'กรุณากรอกเลขประจำตัวผู้เสียภาษี 13 หลัก'],
    ['tax_postcode_invalid', 'กรุณากรอกรหัสไปรษณีย์ 5 หลัก'],
    ['report_slip_required', 'กรุณาอัพโหลดหลักฐานการโอนเงิน'],
    ['report_contact_name_required', 'กรุณากรอกชื่อผู้ติดต่อ'],
    ['report_amount_required', 'กรุณากรอกจำนวนเงินที่โอน'],
    ['report_bank_required', 'กรุณาเลือกธนาคารต้นทางที่โอน'],
    ['report_account_required', 'กรุณาเลือกเลขบัญชีที่โอน'],
    ['report_date_required', 'กรุณากรอกวันที่ที่โอนเงิน'],
    ['report_time_required', 'กรุณากรอกเวลาที่โอนเงิน'],
    ['report_slip_retry', 'กรุณาอัพโหลดหลักฐานการโอนเงินอีกครั้ง'],
  ] as const)('keeps the spec Thai wording of %s', (key, thai) => {
    expect(TEXTS[key].th).toBe(thai);
  });

  test.each([
    ['upload_file_type_not_allowed', 'File type is not allow to upload.'],
    ['upload_error_title', 'Can not upload file.'],
    ['upload_out_of_storage', 'Out off Storage'],
    ['upload_confirm_delete', 'Confirm to delete this image?'],
    ['validation_profile_picture_required', 'Please upload Profile Picture'],
    ['need_approval', 'Need approved by admin'],
  ] as const)('keeps the spec English wording of %s', (key, english) => {
    expect(TEXTS[key].en).toBe(english);
  });
});

describe('translate', () => {
  it('gives the Thai default, or English when asked', () => {
    expect(translate('login_button')).toBe('เข้าสู่ระบบ');
    expect(translate('login_button', 'en')).toBe('Log in');
  });

  it('fills {name} placeholders and leaves unknown ones as written', () => {
    expect(translate('validation_required', 'en', undefined, { label: 'First name' })).toBe('Please enter First name');
    expect(translate('validation_required', 'th', undefined, { label: 'ชื่อ' })).toBe('กรุณากรอกชื่อ');
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(interpolate('{a}')).toBe('{a}');
  });

  it('prefers a non-blank override from the CMS and falls back on a blank one', () => {
    const overrides = { login_title: { th: 'ลงชื่อเข้าใช้', en: '  ' } };
    expect(translate('login_title', 'th', overrides)).toBe('ลงชื่อเข้าใช้');
    expect(translate('login_title', 'en', overrides)).toBe('Log in');
    expect(translate('login_button', 'th', overrides)).toBe('เข้าสู่ระบบ');
  });

  it('binds a locale and overrides in a translator; the default one is Thai', () => {
    const t = createTranslator('en', { price_free: { en: 'Free!' } });
    expect(t('price_free')).toBe('Free!');
    expect(t('validation_password_min', { min: 6 })).toBe('The password must have at least 6 characters');
    expect(defaultTranslate('price_free')).toBe('ฟรี');
  });

  it('tells text keys from other strings', () => {
    expect(isTextKey('login_title')).toBe(true);
    expect(isTextKey('toString')).toBe(false);
  });
});

describe('error and reason messages', () => {
  test.each([...ERROR_CODES])('has a Thai and an English message for error code %s', (code) => {
    expect(isTextKey(ERROR_TEXT_KEYS[code])).toBe(true);
    expect(errorMessage(code)).toBe(TEXTS[ERROR_TEXT_KEYS[code]].th);
    expect(errorMessage(code, 'en')).toBe(TEXTS[ERROR_TEXT_KEYS[code]].en);
  });

  test.each([...COUPON_REASONS, ...PROMOTION_REASONS])('has a notice for the reason code %s', (reason) => {
    expect(reasonMessage(reason)).toBe(TEXTS[reason].th);
    expect(reasonMessage(reason, 'en')).not.toBe('');
  });

  it('lets the CMS override an error message', () => {
    expect(errorMessage('NO_MORE_SEAT', 'th', { error_no_more_seat: { th: 'เต็มแล้วจ้า' } })).toBe('เต็มแล้วจ้า');
  });
});

describe('coupon result modal', () => {
  test.each([
    ['NOT_FOUND', 'warning', 'ไม่พบโค้ดส่วนลดนี้!'],
    ['COUPON_NOT_AVAILABLE', 'warning', 'ไม่พบโค้ดส่วนลดนี้!'],
    ['SUCCESS', 'success', 'คุณได้รับส่วนลดจากคูปองนี้เรียบร้อยแล้ว!'],
    [undefined, 'success', 'คุณได้รับส่วนลดจากคูปองนี้เรียบร้อยแล้ว!'],
  ])('coupon result modal: %s shows a %s titled %s', (code, kind, title) => {
    const modal = couponResultModal(code);
    expect(modal.kind).toBe(kind);
    expect(translate(modal.titleKey)).toBe(title);
  });
});
