/**
 * Coupon look-ups by code, for the course page's checkout and the cart alike.
 *
 * Every code is looked up, in the order the buyer kept them, and every code the CMS turns
 * down is reported with its reason (the CMS's error code: NOT_FOUND, COUPON_NOT_AVAILABLE):
 * a buyer who kept three codes learns of all the bad ones at once, not one per attempt.
 * The order is placed only when `failed` is empty. A refusal other than the CMS's own
 * (the CMS unreachable) is thrown, not reported as a bad code.
 */
import { couponFromWire, type CheckoutCoupon } from '~/models/checkout/pricing';
import type { CouponFailure } from '~/models/checkout/coupon-failures';
import type { Locale } from '~/models/i18n';
import { CmsApiError, findCouponByCode, type CallOptions } from './cms.server';
import type { SessionStudent } from './session.server';

export type CouponLookups = { coupons: CheckoutCoupon[]; failed: CouponFailure[] };

/** The coupons of the buyer's codes, and every code that failed with its reason (see the module note). */
export async function lookUpCoupons(codes: readonly string[], options: CallOptions): Promise<CouponLookups> {
  const coupons: CheckoutCoupon[] = [];
  const failed: CouponFailure[] = [];
  for (const code of codes) {
    try {
      coupons.push(couponFromWire(await findCouponByCode(code, options)));
    } catch (error) {
      if (!(error instanceof CmsApiError)) throw error;
      failed.push({ code, reason: error.code });
    }
  }
  return { coupons, failed };
}

export type CouponLookupResult = {
  intent: 'coupon';
  code: string;
  /** NOT_FOUND, COUPON_NOT_AVAILABLE or SUCCESS, as the result modal reads it. */
  status: string;
  coupon: CheckoutCoupon | null;
};

/** One code typed into the coupon box (the course page's and the cart's), as the result modal shows it. */
export async function lookUpCoupon(args: { code: string; student: SessionStudent | null; locale: Locale; signal?: AbortSignal }): Promise<CouponLookupResult> {
  const code = args.code.trim().toUpperCase();
  if (!code) return { intent: 'coupon', code, status: 'NOT_FOUND', coupon: null };
  const { coupons, failed } = await lookUpCoupons([code], { jwt: args.student?.jwt ?? null, locale: args.locale, signal: args.signal });
  return failed.length > 0 ? { intent: 'coupon', code, status: failed[0].reason, coupon: null } : { intent: 'coupon', code, status: 'SUCCESS', coupon: coupons[0] };
}
