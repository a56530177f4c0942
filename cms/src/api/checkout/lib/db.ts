/**
 * The conditional updates that keep seats and coupon uses from being oversold and
 * order statuses from changing twice. Each one is a single UPDATE whose WHERE
 * clause holds the rule, so it is correct on SQLite (one writer at a time) and on
 * PostgreSQL (the row lock makes a second writer wait, then re-check the clause).
 * They run on the transaction passed in, never on a pooled connection: on SQLite
 * the pool has one connection and a query outside the transaction would wait for
 * it forever.
 */
import type { Core } from '@strapi/strapi';
import type { OrderStatus } from '@sala/shared/constants';

export const UID = {
  course: 'api::course.course',
  plan: 'api::pricing-plan.pricing-plan',
  coupon: 'api::coupon.coupon',
  couponClaim: 'api::coupon-claim.coupon-claim',
  promotion: 'api::promotion.promotion',
  order: 'api::order.order',
  orderLine: 'api::order-line.order-line',
  cartItem: 'api::cart-item.cart-item',
  paymentReport: 'api::payment-report.payment-report',
  paymentMethod: 'api::payment-method.payment-method',
  siteSetting: 'api::site-setting.site-setting',
  shippingFee: 'api::shipping-fee.shipping-fee',
  shippingAddress: 'api::shipping-address.shipping-address',
  product: 'api::product.product',
  user: 'plugin::users-permissions.user',
} as const;

/** A knex transaction, as `strapi.db.transaction` hands it out. */
export type Trx = unknown;

type Knex = any;

function meta(strapi: Core.Strapi, uid: string): { tableName: string; attributes: Record<string, { columnName?: string }> } {
  return strapi.db.metadata.get(uid as never) as never;
}

/** The table of a content type, from its collectionName. */
export function tableOf(strapi: Core.Strapi, uid: string): string {
  return meta(strapi, uid).tableName;
}

/** The column of an attribute (Strapi snake-cases camelCase names such as updatedAt). */
export function columnOf(strapi: Core.Strapi, uid: string, attribute: string): string {
  return meta(strapi, uid).attributes[attribute]?.columnName ?? attribute;
}

function table(strapi: Core.Strapi, uid: string, trx: Trx): Knex {
  return (strapi.db.getConnection(tableOf(strapi, uid)) as Knex).transacting(trx);
}

function raw(strapi: Core.Strapi, sql: string, bindings: unknown[]): unknown {
  return (strapi.db.connection as Knex).raw(sql, bindings);
}

/**
 * Takes one seat of a course: `seats_taken + 1` only while `seat` is unlimited (null)
 * or not reached. False when the course is full; nothing is changed then.
 */
export async function claimSeat(strapi: Core.Strapi, trx: Trx, courseId: number): Promise<boolean> {
  const seat = columnOf(strapi, UID.course, 'seat');
  const taken = columnOf(strapi, UID.course, 'seats_taken');
  const changed: number = await table(strapi, UID.course, trx)
    .where('id', courseId)
    .andWhere((q: Knex) => q.whereNull(seat).orWhereRaw('coalesce(??, 0) < ??', [taken, seat]))
    .update({ [taken]: raw(strapi, 'coalesce(??, 0) + 1', [taken]) });
  return changed === 1;
}

/** Gives a seat back; never takes seats_taken below 0. */
export async function releaseSeat(strapi: Core.Strapi, trx: Trx, courseId: number): Promise<void> {
  const taken = columnOf(strapi, UID.course, 'seats_taken');
  await table(strapi, UID.course, trx)
    .where('id', courseId)
    .andWhere(taken, '>', 0)
    .update({ [taken]: raw(strapi, '?? - 1', [taken]) });
}

/**
 * Counts one use of a coupon: `used_count + 1` only while `usage_limit` is unlimited
 * (null) or not reached. False when the coupon is used up; nothing is changed then.
 */
export async function claimCouponUse(strapi: Core.Strapi, trx: Trx, couponId: number): Promise<boolean> {
  const limit = columnOf(strapi, UID.coupon, 'usage_limit');
  const used = columnOf(strapi, UID.coupon, 'used_count');
  const changed: number = await table(strapi, UID.coupon, trx)
    .where('id', couponId)
    .andWhere((q: Knex) => q.whereNull(limit).orWhereRaw('coalesce(??, 0) < ??', [used, limit]))
    .update({ [used]: raw(strapi, 'coalesce(??, 0) + 1', [used]) });
  return changed === 1;
}

/** Gives a coupon use back; never takes used_count below 0. */
export async function releaseCouponUse(strapi: Core.Strapi, trx: Trx, couponId: number): Promise<void> {
  const used = columnOf(strapi, UID.coupon, 'used_count');
  await table(strapi, UID.coupon, trx)
    .where('id', couponId)
    .andWhere(used, '>', 0)
    .update({ [used]: raw(strapi, '?? - 1', [used]) });
}

/**
 * Takes `quantity` units of a product: `available_qty - quantity` only while the stock
 * is untracked (null) or holds that many. False when it does not; nothing is changed then.
 */
export async function claimStock(strapi: Core.Strapi, trx: Trx, productId: number, quantity: number): Promise<boolean> {
  const qty = columnOf(strapi, UID.product, 'available_qty');
  const changed: number = await table(strapi, UID.product, trx)
    .where('id', productId)
    .andWhere((q: Knex) => q.whereNull(qty).orWhere(qty, '>=', quantity))
    .update({ [qty]: raw(strapi, 'case when ?? is null then null else ?? - ? end', [qty, qty, quantity]) });
  return changed === 1;
}

/** Puts `quantity` units of a product back on the shelf (untracked stock stays untracked). */
export async function releaseStock(strapi: Core.Strapi, trx: Trx, productId: number, quantity: number): Promise<void> {
  const qty = columnOf(strapi, UID.product, 'available_qty');
  await table(strapi, UID.product, trx)
    .where('id', productId)
    .whereNotNull(qty)
    .update({ [qty]: raw(strapi, '?? + ?', [qty, quantity]) });
}

/**
 * Serialises the orders of one buyer: a no-op write on their user row, which
 * PostgreSQL locks until the transaction ends (SQLite runs one writer anyway). Two
 * submits of the same cart then see each other's order instead of both passing the
 * "no order in progress" check.
 */
export async function lockBuyer(strapi: Core.Strapi, trx: Trx, userId: number): Promise<boolean> {
  const updatedAt = columnOf(strapi, UID.user, 'updatedAt');
  const changed: number = await table(strapi, UID.user, trx)
    .where('id', userId)
    .update({ [updatedAt]: raw(strapi, '??', [updatedAt]) });
  return changed === 1;
}

/** Compare-and-set of an order's state: true when it was `from` and is now `to`. */
export async function setOrderStatus(strapi: Core.Strapi, trx: Trx, orderId: number, from: OrderStatus, to: OrderStatus, now: Date): Promise<boolean> {
  const state = columnOf(strapi, UID.order, 'state');
  const updatedAt = columnOf(strapi, UID.order, 'updatedAt');
  const changed: number = await table(strapi, UID.order, trx)
    .where('id', orderId)
    .andWhere(state, from)
    .update({ [state]: to, [updatedAt]: now });
  return changed === 1;
}
