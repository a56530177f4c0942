/**
 * A coupon counts only for a buyer who presented its code (docs/decisions/154). The code
 * itself may come with the order; or the buyer's own earlier look-up by code
 * (POST /public/cart/getCouponByCouponCode, signed in) vouches for the coupon's id: the
 * look-up records (student, coupon, code), and an order or a lookup by id of that student
 * may then name the coupon by id alone. A record holds while the coupon keeps the code
 * that was looked up.
 */
import type { Core } from '@strapi/strapi';
import { UID } from './db';

type Coupon = { id: number; code: string };

const sameCode = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Records that `userId` looked up `coupon` by its code (once per student and coupon; a new look-up refreshes it). */
export async function recordCouponClaim(strapi: Core.Strapi, userId: number, coupon: Coupon, now = new Date()): Promise<void> {
  const claims = strapi.db.query(UID.couponClaim);
  const existing = (await claims.findOne({ select: ['id'], where: { user: { id: userId }, coupon: { id: coupon.id } } })) as { id: number } | null;
  if (existing) await claims.update({ where: { id: existing.id }, data: { code: coupon.code, claimed_at: now } });
  else await claims.create({ data: { user: userId, coupon: coupon.id, code: coupon.code, claimed_at: now } });
}

/** The ids among `coupons` (with their current codes) that `userId` has looked up by that code. */
export async function claimedCouponIds(strapi: Core.Strapi, userId: number | null, coupons: readonly Coupon[]): Promise<Set<number>> {
  if (userId === null || coupons.length === 0) return new Set();
  const rows = (await strapi.db.query(UID.couponClaim).findMany({
    select: ['code'],
    where: { user: { id: userId }, coupon: { id: { $in: coupons.map((coupon) => coupon.id) } } },
    populate: { coupon: { select: ['id'] } },
  })) as { code: string | null; coupon?: { id: number } | null }[];
  const current = new Map(coupons.map((coupon) => [coupon.id, coupon.code]));
  return new Set(
    rows.filter((row) => row.coupon && row.code && current.has(row.coupon.id) && sameCode(row.code, current.get(row.coupon.id) as string)).map((row) => (row.coupon as { id: number }).id),
  );
}
