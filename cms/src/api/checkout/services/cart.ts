/**
 * The student's cart (one item per course, with the chosen plan) and the courses the
 * student owns. Every method takes the signed-in user's id: a student only ever
 * reaches their own items.
 */
import type { Core } from '@strapi/strapi';
import type { Currency, Locale } from '@sala/shared/constants';
import { courseShipsItem } from '@sala/shared/eligibility';
import { money, toMajorNumber } from '@sala/shared/money';
import { localizedValue } from '@sala/shared/texts';
import { ApiError, badRequest, conflict } from '../../../lib/errors';
import { publishedWhere } from '../../../lib/publishing';
import { UID, lockBuyer } from '../lib/db';
import { choosePlan, planRowsFor } from '../../../lib/plans';

export type CartItem = {
  id: number;
  course_id: number | null;
  product_id: number | null;
  pricingplan_id: number | null;
  quantity: number;
  title: string;
  course_type: string | null;
  plan_name: string | null;
  /** The plan's list price, major units; null when the plan has none in that currency. */
  price: number | null;
  price_usd: number | null;
  /** The line sends something by post (a product, or a course with a printed book): the order needs an address and a method. */
  ships_item: boolean;
  /** A product the book retailer sells (it has a SKU): the cart can hand it over (POST /api/bookstore/cart/mine). */
  sold_by_retailer: boolean;
};

export type OwnedCourseItem = { courseID: number; priceplan_id: number | null };

export type AddCartProductArgs = { userId: number; productId: number; quantity: number; now?: Date; locale?: Locale };

export type AddCartItemArgs = { userId: number; courseId: number; pricingPlanId?: number | null; now?: Date; locale?: Locale };

type CartRow = {
  id: number;
  quantity: number | null;
  course?: { id: number; title: string; title_en?: string | null; course_type: string; free_book: boolean | null; free_book_type: string | null } | null;
  product?: { id: number; title: string; title_en?: string | null; course_type: string; sku: string | null } | null;
  pricing_plan?: { id: number; name: string; name_en?: string | null; price: number | null; price_usd: number | null } | null;
};

const CART_POPULATE = {
  course: { select: ['id', 'title', 'title_en', 'course_type', 'free_book', 'free_book_type'] },
  product: { select: ['id', 'title', 'title_en', 'course_type', 'sku'] },
  pricing_plan: { select: ['id', 'name', 'name_en', 'price', 'price_usd'] },
};

function major(amount: number | null | undefined, currency: Currency): number | null {
  return amount === null || amount === undefined ? null : toMajorNumber(money(amount, currency));
}

/** A cart line, its course or product and plan named in the locale (ADR 183). */
function toCartItem(row: CartRow, locale: Locale): CartItem {
  const item = row.course ?? row.product;
  return {
    id: row.id,
    course_id: row.course?.id ?? null,
    product_id: row.product?.id ?? null,
    pricingplan_id: row.pricing_plan?.id ?? null,
    quantity: row.quantity ?? 1,
    title: item ? localizedValue(item.title, item.title_en ?? null, locale) : '',
    course_type: item?.course_type ?? null,
    plan_name: row.pricing_plan ? localizedValue(row.pricing_plan.name, row.pricing_plan.name_en ?? null, locale) : null,
    price: major(row.pricing_plan?.price, 'THB'),
    price_usd: major(row.pricing_plan?.price_usd, 'USD'),
    // The order service's rule for an order that ships (services/order.ts).
    ships_item: Boolean(row.product) || item?.course_type === 'product' || (row.course ? courseShipsItem(row.course) : false),
    sold_by_retailer: Boolean(row.product?.sku?.trim()),
  };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  /**
   * The plan of a course or product the user may put in the cart: the one asked for, or the
   * one the listing selects first, by the listing's own rules (choosePlan). NO_PRICING_PLAN
   * for a plan the listing hides from this user, MEMBER_ONLY_PLAN for one it disables.
   */
  async function planFor(owner: 'course' | 'product', ownerId: number, userId: number, planId: number | null): Promise<{ id: number }> {
    const [rows, owned] = await Promise.all([planRowsFor(strapi, owner, [ownerId]), strapi.service('api::learning.learning').ownedCourseIds(userId) as Promise<number[]>]);
    const chosen = choosePlan(rows.get(ownerId) ?? [], { loggedIn: true, ownedCourseIds: owned }, planId);
    if ('refusal' in chosen) {
      throw badRequest(chosen.refusal.code, undefined, { result: { [owner === 'course' ? 'course_ids' : 'product_ids']: [ownerId], reason: chosen.refusal.reason } });
    }
    return chosen.plan;
  }

  const service = {
    async list(userId: number, locale: Locale = 'th'): Promise<CartItem[]> {
      const rows = (await strapi.db.query(UID.cartItem).findMany({
        select: ['id', 'quantity'],
        where: { user: { id: userId } },
        populate: CART_POPULATE,
        orderBy: { id: 'asc' },
      })) as CartRow[];
      return rows.map((row) => toCartItem(row, locale));
    },

    /**
     * Puts a course in the cart on a plan of that course (the listing's first choice when
     * none is given); adding a course again changes its plan. 404 for a course not on sale,
     * 400 NO_PRICING_PLAN for a plan that is not the course's or that the listing hides from
     * this student (renewal, others, second term, owners only, not shown).
     */
    async add({ userId, courseId, pricingPlanId, now = new Date(), locale = 'th' }: AddCartItemArgs): Promise<CartItem[]> {
      const course = await strapi.db.query(UID.course).findOne({ select: ['id'], where: { $and: [{ id: courseId }, publishedWhere(now)] } });
      if (!course) throw new ApiError(404, 'NOT_FOUND', undefined, { result: { course_ids: [courseId] } });
      const plan = await planFor('course', courseId, userId, pricingPlanId ?? null);

      await strapi.db.transaction(async ({ trx }) => {
        await lockBuyer(strapi, trx, userId); // two quick adds of one course make one item
        const existing = await strapi.db.query(UID.cartItem).findOne({ select: ['id'], where: { user: { id: userId }, course: { id: courseId } } });
        if (existing) await strapi.db.query(UID.cartItem).update({ where: { id: existing.id }, data: { pricing_plan: plan.id, quantity: 1 } });
        else await strapi.db.query(UID.cartItem).create({ data: { user: userId, course: courseId, pricing_plan: plan.id, quantity: 1 } });
      });
      return service.list(userId, locale);
    },

    /**
     * Puts `quantity` units of a product in the cart on the plan its listing selects; adding it
     * again sets the new quantity. 404 for a product not on sale, 409 OUT_OF_STOCK (with
     * `available_qty`) for more than its stock.
     */
    async addProduct({ userId, productId, quantity, now = new Date(), locale = 'th' }: AddCartProductArgs): Promise<CartItem[]> {
      const product = (await strapi.db.query(UID.product).findOne({
        select: ['id', 'title', 'available_qty'],
        where: { $and: [{ id: productId }, publishedWhere(now)] },
      })) as { id: number; title: string; available_qty: number | null } | null;
      if (!product) throw new ApiError(404, 'NOT_FOUND', undefined, { result: { product_ids: [productId] } });
      if (product.available_qty !== null && quantity > product.available_qty) {
        throw conflict('OUT_OF_STOCK', undefined, { result: { product_ids: [productId], names: [product.title], available_qty: product.available_qty } });
      }
      const plan = await planFor('product', productId, userId, null);

      await strapi.db.transaction(async ({ trx }) => {
        await lockBuyer(strapi, trx, userId);
        const existing = await strapi.db.query(UID.cartItem).findOne({ select: ['id'], where: { user: { id: userId }, product: { id: productId } } });
        if (existing) await strapi.db.query(UID.cartItem).update({ where: { id: existing.id }, data: { pricing_plan: plan.id, quantity } });
        else await strapi.db.query(UID.cartItem).create({ data: { user: userId, product: productId, pricing_plan: plan.id, quantity } });
      });
      return service.list(userId, locale);
    },

    /** Empties the cart; returns how many items went. */
    async clear(userId: number): Promise<number> {
      return strapi.db.transaction(async () => {
        const items = (await strapi.db.query(UID.cartItem).findMany({ select: ['id'], where: { user: { id: userId } } })) as { id: number }[];
        // one by one: delete() also removes the item's relation links, deleteMany() does not
        for (const item of items) await strapi.db.query(UID.cartItem).delete({ where: { id: item.id } });
        return items.length;
      });
    },

    /** Courses of the student's approved orders, with the plan each was bought on (the latest order wins). */
    async ownedCourses(userId: number): Promise<OwnedCourseItem[]> {
      const orders = (await strapi.db.query(UID.order).findMany({
        select: ['id'],
        where: { user: { id: userId }, state: 'approved' },
        populate: { lines: { select: ['id'], populate: { course: { select: ['id'] }, pricing_plan: { select: ['id'] } } } },
        orderBy: { id: 'desc' },
      })) as { id: number; lines?: { course?: { id: number } | null; pricing_plan?: { id: number } | null }[] }[];
      const owned = new Map<number, OwnedCourseItem>();
      for (const order of orders) {
        for (const line of order.lines ?? []) {
          if (line.course && !owned.has(line.course.id)) owned.set(line.course.id, { courseID: line.course.id, priceplan_id: line.pricing_plan?.id ?? null });
        }
      }
      return [...owned.values()].sort((a, b) => a.courseID - b.courseID);
    },
  };
  return service;
};
