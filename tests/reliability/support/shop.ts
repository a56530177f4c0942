/**
 * The shop's records for the reliability suite, written straight through Strapi's query
 * engine: buyers with real JWTs, a course with a limited class, a coupon with a limited
 * number of uses; and the checkout's invariants read back from the database.
 */
import { randomBytes } from 'node:crypto';
import { bearer, sendJson, type Answer } from './http';

export const UID = {
  course: 'api::course.course',
  plan: 'api::pricing-plan.pricing-plan',
  coupon: 'api::coupon.coupon',
  order: 'api::order.order',
  orderLine: 'api::order-line.order-line',
  method: 'api::payment-method.payment-method',
  user: 'plugin::users-permissions.user',
  role: 'plugin::users-permissions.role',
} as const;

/** Statuses in which an order holds its seat and its coupon use (cms/src/api/checkout/services/order-state.ts). */
export const HOLDING = ['notYetReceived', 'pendingApproved', 'approved'];
export const BANK_TRANSFER = 1;

export type Buyer = { id: number; username: string; email: string; jwt: string };
export type Offer = { courseId: number; planId: number; price: number };

const run = randomBytes(3).toString('hex');
let sequence = 0;
const next = () => `${run}${++sequence}`;

/** `count` students who never ordered, created in one transaction (fast on SQLite too). */
export async function createBuyers(strapi: any, count: number, label = 'buyer'): Promise<Buyer[]> {
  const role = await strapi.db.query(UID.role).findOne({ where: { type: 'authenticated' } });
  const jwt = strapi.plugin('users-permissions').service('jwt');
  const buyers: Buyer[] = [];
  await strapi.db.transaction(async () => {
    for (let i = 0; i < count; i++) {
      const name = `${label}.${next()}`;
      const user = await strapi.db.query(UID.user).create({
        data: { username: name, email: `${name}@reliability.test`, provider: 'local', confirmed: true, blocked: false, role: role.id, firstname: 'ทดสอบ', lastname: name },
      });
      buyers.push({ id: user.id, username: name, email: `${name}@reliability.test`, jwt: jwt.issue({ id: user.id }) });
    }
  });
  return buyers;
}

/** A published in-class course of `seat` seats (null: unlimited) with its default plan. */
export async function createOffer(strapi: any, seat: number | null, price = 250_000): Promise<Offer> {
  const tag = next();
  const course = await strapi.db.query(UID.course).create({
    data: { title: `ห้องเรียนทดสอบความทนทาน ${tag}`, slug: `reliability-${tag}`, course_type: 'In-class', is_published: true, seat, seats_taken: 0 },
  });
  const plan = await strapi.db.query(UID.plan).create({
    data: { name: 'ค่าลงทะเบียน', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price, course: course.id },
  });
  return { courseId: course.id, planId: plan.id, price };
}

/** An active 100-baht coupon for `courseIds`, payable by bank transfer, usable `limit` times. */
export async function createCoupon(strapi: any, courseIds: number[], limit: number): Promise<{ id: number; code: string }> {
  const method = await strapi.db.query(UID.method).findOne({ where: { method_id: BANK_TRANSFER }, select: ['id'] });
  if (!method) throw new Error('no bank-transfer payment method: the CMS must be seeded');
  const code = `LIMIT${next().toUpperCase()}`;
  const coupon = await strapi.db.query(UID.coupon).create({
    data: {
      code,
      name: `คูปองจำกัด ${limit} สิทธิ์`,
      coupon_type: 'P1',
      number_of_course: 1,
      discount_type: 'amount',
      discount_amount: 10_000,
      discount_percent_bp: 0,
      discount_amount_usd: 300,
      courses: courseIds,
      payment_methods: [method.id],
      usage_limit: limit,
      used_count: 0,
      is_active: true,
    },
  });
  return { id: coupon.id, code };
}

/** The order of one course; each coupon goes with the code the buyer typed (a coupon counts only for a buyer who presented its code). */
export function placeOrder(cmsUrl: string, buyer: Buyer, offer: Offer, coupons: { id: number; code: string }[] = []): Promise<Answer> {
  return sendJson(
    'POST',
    `${cmsUrl}/private/cart/order`,
    {
      user_id: buyer.id,
      course_id: [offer.courseId],
      pricingplan_id: [offer.planId],
      coupon_id: coupons.map((coupon) => coupon.id),
      coupon_code: coupons.map((coupon) => coupon.code),
      payment_method_id: BANK_TRANSFER,
      price: 1,
      currency_code: 'THB',
    },
    { headers: bearer(buyer.jwt) },
  );
}

type StoredOrder = { id: number; state: string; lines?: { id: number; course?: { id: number } | null }[]; coupons?: { id: number }[] };

/**
 * What must hold whatever happened to the requests: every order of these buyers has all
 * its lines (one per course, no order without lines), no order line is left without its
 * order, each course's seats_taken is the number of live orders holding one of its seats,
 * and each coupon's used_count the number of live orders that used it. Returns the
 * problems found (empty when all hold) and the orders read.
 */
export async function checkoutInvariants(strapi: any, args: { buyerIds: number[]; courseIds: number[]; couponIds: number[]; linesPerOrder?: number }) {
  const problems: string[] = [];
  const orders = (await strapi.db.query(UID.order).findMany({
    where: { user: { id: { $in: args.buyerIds } } },
    select: ['id', 'state'],
    populate: { lines: { select: ['id'], populate: { course: { select: ['id'] } } }, coupons: { select: ['id'] } },
  })) as StoredOrder[];
  const expectedLines = args.linesPerOrder ?? 1;
  for (const order of orders) {
    const lines = order.lines ?? [];
    if (lines.length !== expectedLines) problems.push(`order ${order.id} (${order.state}) has ${lines.length} lines, not ${expectedLines}`);
    if (lines.some((line) => !line.course)) problems.push(`order ${order.id} has a line without its course`);
  }
  const lines = (await strapi.db.query(UID.orderLine).findMany({
    where: { course: { id: { $in: args.courseIds } } },
    select: ['id'],
    populate: { order: { select: ['id'] } },
  })) as { id: number; order?: { id: number } | null }[];
  const orphans = lines.filter((line) => !line.order).map((line) => line.id);
  if (orphans.length > 0) problems.push(`order lines ${orphans.join(', ')} of these courses belong to no order`);

  const live = orders.filter((order) => HOLDING.includes(order.state));
  for (const courseId of args.courseIds) {
    const course = await strapi.db.query(UID.course).findOne({ where: { id: courseId }, select: ['seat', 'seats_taken'] });
    const holding = live.filter((order) => (order.lines ?? []).some((line) => line.course?.id === courseId)).length;
    if ((course.seats_taken ?? 0) !== holding) problems.push(`course ${courseId}: seats_taken ${course.seats_taken}, but ${holding} live orders hold a seat`);
    if (course.seat !== null && (course.seats_taken ?? 0) > course.seat) problems.push(`course ${courseId}: ${course.seats_taken} seats taken of ${course.seat}`);
  }
  for (const couponId of args.couponIds) {
    const coupon = await strapi.db.query(UID.coupon).findOne({ where: { id: couponId }, select: ['usage_limit', 'used_count'] });
    const uses = live.filter((order) => (order.coupons ?? []).some((c) => c.id === couponId)).length;
    if ((coupon.used_count ?? 0) !== uses) problems.push(`coupon ${couponId}: used_count ${coupon.used_count}, but ${uses} live orders used it`);
    if (coupon.usage_limit !== null && (coupon.used_count ?? 0) > coupon.usage_limit) problems.push(`coupon ${couponId}: used ${coupon.used_count} times of ${coupon.usage_limit}`);
  }
  return { problems, orders };
}
