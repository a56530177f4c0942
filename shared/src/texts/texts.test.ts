import { describe, expect, it, test } from 'vitest';
import { COUPON_REASONS, ERROR_CODES, LOCALES, PROMOTION_REASONS } from '../constants/index.js';
import { ERROR_TEXT_KEYS, TEXTS, TEXT_KEYS, couponResultModal, createTranslator, defaultTranslate, errorMessage, interpolate, isTextKey, pluralCategory, reasonMessage, translate } from './index.js';

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

  it('uses the same placeholders in Thai and English; only a plural choice may name a count Thai does not show', () => {
    // `{name}`, not the option of a plural choice (`one {year}`)
    const simple = (text: string) => [...text.matchAll(/(?<!(?:=\d+|zero|one|two|few|many|other)\s*)\{(\w+)\}/g)].map((m) => m[1]);
    const plural = (text: string) => new Set([...text.matchAll(/\{(\w+),\s*plural\s*,/g)].map((m) => m[1]));
    for (const key of TEXT_KEYS) {
      const { th, en } = TEXTS[key];
      const names = (text: string) => new Set([...simple(text), ...plural(text)]);
      const [thai, english] = [names(th), names(en)];
      const onlyThai = [...thai].filter((name) => !english.has(name) && !plural(th).has(name));
      const onlyEnglish = [...english].filter((name) => !thai.has(name) && !plural(en).has(name));
      expect([onlyThai, onlyEnglish], key).toEqual([[], []]);
    }
  });

  it('says no count with "(s)" in English: counted words go through a plural choice', () => {
    for (const key of TEXT_KEYS) expect(TEXTS[key].en, key).not.toMatch(/\w\(s\)/);
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

describe('plural choices', () => {
  test.each([
    ['cart_count_label', { count: 0 }, 'Cart 0 items', 'ตะกร้า 0 รายการ'],
    ['cart_count_label', { count: 1 }, 'Cart 1 item', 'ตะกร้า 1 รายการ'],
    ['cart_count_label', { count: 2 }, 'Cart 2 items', 'ตะกร้า 2 รายการ'],
    ['curriculum_lecture_count', { count: 0 }, '0 lectures', '0 บทเรียน'],
    ['curriculum_lecture_count', { count: 1 }, '1 lecture', '1 บทเรียน'],
    ['curriculum_lecture_count', { count: 2 }, '2 lectures', '2 บทเรียน'],
    ['admin_uploads_picture_count', { count: 0 }, '0 pictures', '0 รูป'],
    ['admin_uploads_picture_count', { count: 1 }, '1 picture', '1 รูป'],
    ['admin_uploads_picture_count', { count: 2 }, '2 pictures', '2 รูป'],
    ['learn_completed_count', { done: 0, total: 1 }, '0 of 1 lecture completed', 'เรียนจบแล้ว 0 จาก 1 บทเรียน'],
    ['learn_completed_count', { done: 1, total: 2 }, '1 of 2 lectures completed', 'เรียนจบแล้ว 1 จาก 2 บทเรียน'],
    ['countdown_remaining', { days: 1, hours: 0, minutes: 2 }, '1 day 0 hours 2 minutes left', 'เหลือเวลาเรียน 1 วัน 0 ชั่วโมง 2 นาที'],
    ['validation_max_files', { max: 1 }, 'Upload at most 1 file', 'อัพโหลดได้ไม่เกิน 1 ไฟล์'],
    ['upload_limit_hint', { limit: 1, count: 0 }, 'Up to 1 file (0/1)', 'สูงสุด 1 ไฟล์ (0/1)'],
    ['pagination_items', { from: 1, to: 1, total: 1 }, '1-1 of 1 item', '1-1 จาก 1 รายการ'],
    ['course_seats_left', { seat: 1 }, '1 seat left', 'เหลือ 1 ที่นั่ง'],
    ['admin_home_pending', { count: 1 }, '1 payment notification waits for review', 'การแจ้งชำระเงินรอตรวจสอบ 1 รายการ'],
    ['admin_home_pending', { count: 2 }, '2 payment notifications wait for review', 'การแจ้งชำระเงินรอตรวจสอบ 2 รายการ'],
    ['term_unit_year', { count: 1 }, 'year', 'ปี'],
    ['term_unit_month', { count: 2 }, 'months', 'เดือน'],
  ] as const)('%s with %o: English "%s", Thai "%s"', (key, params, english, thai) => {
    expect(translate(key, 'en', undefined, params)).toBe(english);
    expect(translate(key, 'th', undefined, params)).toBe(thai);
  });

  test.each([
    [0, 'en', 'other', 'no files'],
    [1, 'en', 'one', 'one file'],
    [2, 'en', 'other', '2 files'],
    [0, 'th', 'other', 'no files'],
    [1, 'th', 'other', '1 files'],
    [2, 'th', 'other', '2 files'],
  ] as const)('%d in %s is %s: an exact =0 wins, then the category, then other', (count, locale, category, text) => {
    expect(pluralCategory(count, locale)).toBe(category);
    expect(interpolate('{n, plural, =0 {no files} one {one file} other {# files}}', { n: count }, locale)).toBe(text);
  });

  it('reads a count given as text, fills placeholders inside a choice, and leaves a choice without its count as written', () => {
    expect(interpolate('{n, plural, one {# item in {where}} other {# items in {where}}}', { n: '1', where: 'cart' }, 'en')).toBe('1 item in cart');
    expect(interpolate('{n, plural, one {# item} other {# items}}', { n: '1,234' }, 'en')).toBe('1,234 items');
    expect(interpolate('{n, plural, one {# item} other {# items}}', {}, 'en')).toBe('{n, plural, one {# item} other {# items}}');
    expect(interpolate('{n, plural, one {# item} other {# items}}', { n: 'many' }, 'en')).toBe('many items');
    expect(interpolate('a { b } {c', { c: 1 })).toBe('a { b } {c');
  });

  it("applies an editor's override written with a plural choice", () => {
    const overrides = { cart_count_label: { en: 'Basket: {count, plural, one {# course} other {# courses}}' } };
    expect(translate('cart_count_label', 'en', overrides, { count: 1 })).toBe('Basket: 1 course');
    expect(translate('cart_count_label', 'en', overrides, { count: 3 })).toBe('Basket: 3 courses');
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
