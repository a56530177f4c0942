/**
 * What a buyer reads when codes they kept are turned down at the order: one line per code,
 * the code and its reason, in their language and with the editors' texts.
 */
import type { Translate } from '@sala/shared/texts';
import { codeMessage } from './code-message';

/** A code the CMS would not give a coupon for, and its error code (NOT_FOUND, COUPON_NOT_AVAILABLE, ...). */
export type CouponFailure = { code: string; reason: string };

/** The notice of one failed code: "SALA10: ไม่พบโค้ดส่วนลดนี้!", or the reason's own message when it has one. */
export function couponFailureMessage(failure: CouponFailure, t: Translate): string {
  return `${failure.code}: ${reasonText(failure.reason, t)}`;
}

function reasonText(reason: string, t: Translate): string {
  if (reason === 'NOT_FOUND') return t('coupon_not_found_title');
  return codeMessage(reason, t('coupon_not_found_title'), t);
}
