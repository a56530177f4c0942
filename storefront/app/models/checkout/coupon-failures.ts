/**
 * What a buyer reads when codes they kept are turned down at the order: one line per code,
 * the code and its reason, in their language.
 */
import { errorMessage, type Translate } from '@sala/shared/texts';
import type { Locale } from '~/models/i18n';

/** A code the CMS would not give a coupon for, and its error code (NOT_FOUND, COUPON_NOT_AVAILABLE, ...). */
export type CouponFailure = { code: string; reason: string };

/** The notice of one failed code: "SALA10: ไม่พบโค้ดส่วนลดนี้!", or the reason's own message when it has one. */
export function couponFailureMessage(failure: CouponFailure, t: Translate, locale: Locale): string {
  return `${failure.code}: ${reasonText(failure.reason, t, locale)}`;
}

function reasonText(reason: string, t: Translate, locale: Locale): string {
  if (reason === 'NOT_FOUND') return t('coupon_not_found_title');
  try {
    return errorMessage(reason as never, locale);
  } catch {
    return t('coupon_not_found_title');
  }
}
