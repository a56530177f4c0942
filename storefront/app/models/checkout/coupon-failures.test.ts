import { createTranslator } from '@sala/shared/texts';
import { describe, expect, it } from 'vitest';
import { couponFailureMessage } from './coupon-failures';

describe('coupon codes turned down at the order', () => {
  const t = createTranslator('th');

  it('an unknown code says it was not found', () => {
    expect(couponFailureMessage({ code: 'NOPE', reason: 'NOT_FOUND' }, t)).toBe('NOPE: ไม่พบโค้ดส่วนลดนี้!');
  });

  it('a code that is no longer available says so', () => {
    expect(couponFailureMessage({ code: 'ONCE1', reason: 'COUPON_NOT_AVAILABLE' }, t)).toBe('ONCE1: คูปองนี้ไม่สามารถใช้ได้');
  });

  it('a reason without a message of its own reads as not found', () => {
    expect(couponFailureMessage({ code: 'X1', reason: 'SOMETHING_ELSE' }, t)).toBe('X1: ไม่พบโค้ดส่วนลดนี้!');
  });

  it('the editors’ text of a reason is what the buyer reads', () => {
    const edited = createTranslator('th', { error_coupon_not_available: { th: 'คูปองนี้หมดแล้ว ลองโค้ดอื่นนะ' } });
    expect(couponFailureMessage({ code: 'ONCE1', reason: 'COUPON_NOT_AVAILABLE' }, edited)).toBe('ONCE1: คูปองนี้หมดแล้ว ลองโค้ดอื่นนะ');
  });
});
