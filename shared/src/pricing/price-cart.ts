import {
  DEFAULT_WITHHOLDING_PERCENT,
  MINIMUM_ONLINE_PAYMENT_AMOUNT,
  MINIMUM_PAYMENT_METHOD_IDS,
  type CouponReason,
  type Currency,
  type DiscountKind,
  type PaymentMethodId,
  type PromotionReason,
  type WithholdingPercent,
} from '../constants/index.js';
import { allocate, money, percentOf, subtract, type Money } from '../money/index.js';
import { taxInvoiceCheckApplies, taxTotals, vatModeOf } from './vat.js';
import type {
  AppliedCoupon,
  AppliedPromotion,
  CouponInput,
  DiscountValue,
  LineProblem,
  PriceBreakdown,
  PriceCartInput,
  PricedLine,
  PriceProblem,
  PromotionInput,
  PromotionTier,
  RejectedCoupon,
  RejectedPromotion,
} from './types.js';

type WorkingLine = PricedLine & { excluded: boolean };

/** A discount about to be taken: a rate in basis points, or an amount in the cart currency. */
type Rate = { discountType: DiscountValue['discountType']; amount: number; basisPoints: number };

const BANGKOK_OFFSET = '+07:00';

function toMs(value: Date | number | string): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(ms)) throw new RangeError(`not a date: ${String(value)}`);
  return ms;
}

/** A date-only bound covers the whole Bangkok day; a timestamp is taken as written. */
function boundMs(text: string, edge: 'start' | 'end'): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return toMs(text);
  return toMs(`${text}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}${BANGKOK_OFFSET}`);
}

function isWithin(validFrom: string | null | undefined, validTo: string | null | undefined, now: number): boolean {
  return (!validFrom || boundMs(validFrom, 'start') <= now) && (!validTo || now <= boundMs(validTo, 'end'));
}

function assertMinorUnits(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative integer of minor units, got ${value}`);
}

/** The discount in the cart currency, or null for an amount discount that has no amount in that currency. */
function rateOf(value: Omit<DiscountValue, 'discountType'>, discountType: DiscountValue['discountType'], currency: Currency): Rate | null {
  if (discountType === 'percent') return { discountType, amount: 0, basisPoints: value.discountBasisPoints };
  const amount = currency === 'USD' ? value.discountUsdAmount : value.discountAmount;
  if (amount === null) return null;
  assertMinorUnits(amount, 'a discount amount');
  return { discountType, amount, basisPoints: 0 };
}

function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Percent coupons first (largest rate first), then amount coupons (largest amount
 * first); ties by id, then code, then content, so the input order never matters.
 */
function compareCoupons(currency: Currency) {
  return (a: CouponInput, b: CouponInput): number => {
    const rank = (coupon: CouponInput) => (coupon.discountType === 'percent' ? [0, -coupon.discountBasisPoints] : [1, -(rateOf(coupon, 'amount', currency)?.amount ?? -1)]);
    const [ra, va] = rank(a);
    const [rb, vb] = rank(b);
    const keyA = JSON.stringify(a);
    const keyB = JSON.stringify(b);
    return ra - rb || va - vb || a.id - b.id || normaliseCode(a.code).localeCompare(normaliseCode(b.code)) || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0);
  };
}

function qualifyingIndexes(lines: WorkingLine[], courseIds: number[] | null): number[] {
  return lines.flatMap((line, index) => (!line.excluded && (courseIds === null || courseIds.includes(line.courseId)) ? [index] : []));
}

/**
 * What a discount takes off each qualifying line. P1 works line by line (a percent
 * of each line, or the amount off each line); P2 takes a percent of the lines'
 * total, or the amount once, and spreads it by largest remainder in proportion to
 * the lines' nets. No share exceeds its line's net.
 */
function discountShares(kind: DiscountKind, rate: Rate, nets: number[], currency: Currency): number[] {
  const takeOff = (base: number) => Math.min(base, rate.discountType === 'percent' ? percentOf(money(base, currency), rate.basisPoints).amount : rate.amount);
  if (kind === 'P1') return nets.map(takeOff);
  const total = takeOff(nets.reduce((a, b) => a + b, 0));
  return allocate(money(total, currency), nets).map((part) => part.amount);
}

function applyShares(lines: WorkingLine[], indexes: number[], shares: number[], source: 'promotion' | 'coupon', id: number, code: string | null): number {
  let total = 0;
  indexes.forEach((lineIndex, k) => {
    const line = lines[lineIndex];
    const amount = shares[k];
    if (amount === 0) return;
    line.discountAmount += amount;
    line.netAmount -= amount;
    line.adjustments.push({ source, id, code, amount });
    total += amount;
  });
  return total;
}

type PromotionEvaluation =
  { ok: true; promotion: PromotionInput; indexes: number[]; rate: Rate; tier: number | null; discount: number } | { ok: false; promotion: PromotionInput; reason: PromotionReason };

function evaluatePromotion(promotion: PromotionInput, lines: WorkingLine[], currency: Currency, now: number): PromotionEvaluation {
  if (!isWithin(promotion.validFrom, promotion.validTo, now)) return { ok: false, promotion, reason: 'promotion_expired' };
  const indexes = qualifyingIndexes(lines, promotion.courseIds);
  const count = indexes.length;
  const needed = promotion.promotionType === 'P2' ? Math.max(1, promotion.numberOfCourse) : 1;
  // With tiers on, the highest tier the cart reaches stands in for the base discount.
  const tier = [...promotion.tierList].sort((a, b) => b.numberOfCourse - a.numberOfCourse).find((t) => Math.max(1, t.numberOfCourse) <= count);
  const source = promotion.isEnableTier ? tier : count >= needed ? promotion : undefined;
  const rate = source ? rateOf(source, promotion.discountType, currency) : null;
  if (!rate) return { ok: false, promotion, reason: 'promotion_not_applicable' };
  const shares = discountShares(
    promotion.promotionType,
    rate,
    indexes.map((i) => lines[i].netAmount),
    currency,
  );
  return {
    ok: true,
    promotion,
    indexes,
    rate,
    tier: promotion.isEnableTier ? (tier as PromotionTier).numberOfCourse : null,
    discount: shares.reduce((a, b) => a + b, 0),
  };
}

function couponRejection(coupon: CouponInput, lines: WorkingLine[], input: PriceCartInput, currency: Currency, now: number): CouponReason | null {
  if (!isWithin(coupon.validFrom, coupon.validTo, now)) return 'coupon_expired';
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return 'coupon_full';
  if (coupon.paymentMethodIds.length === 0) return 'coupon_no_payment_method';
  if (input.paymentMethodId !== null && !coupon.paymentMethodIds.includes(input.paymentMethodId)) return 'coupon_payment_method_conflict';
  const count = qualifyingIndexes(lines, coupon.courseIds).length;
  if (count === 0) return 'not_support';
  if (coupon.couponType === 'P2' && count < coupon.numberOfCourse) return 'not_use_coupon';
  if (rateOf(coupon, coupon.discountType, currency) === null) return 'not_support';
  return null;
}

function couponShares(coupon: CouponInput, lines: WorkingLine[], currency: Currency): { indexes: number[]; shares: number[] } {
  const indexes = qualifyingIndexes(lines, coupon.courseIds);
  const rate = rateOf(coupon, coupon.discountType, currency) as Rate;
  return {
    indexes,
    shares: discountShares(
      coupon.couponType,
      rate,
      indexes.map((i) => lines[i].netAmount),
      currency,
    ),
  };
}

function priceLines(input: PriceCartInput, currency: Currency): WorkingLine[] {
  const seen = new Set<number>();
  return input.lines.map((line) => {
    const quantity = line.quantity ?? 1;
    if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError(`quantity must be a positive integer, got ${quantity}`);
    const price = line.plan ? (currency === 'USD' ? line.plan.priceUsdAmount : line.plan.priceAmount) : null;
    const problem: LineProblem | null = seen.has(line.courseId) ? 'COURSE_DUPLICATE' : !line.plan || line.plan.priceAmount === null ? 'NO_PRICING_PLAN' : price === null ? 'USD_PRICE_MISSING' : null;
    seen.add(line.courseId);
    const unitPriceAmount = problem ? 0 : (price as number);
    assertMinorUnits(unitPriceAmount, `price of course ${line.courseId}`);
    const listAmount = unitPriceAmount * quantity;
    return {
      courseId: line.courseId,
      title: line.title,
      courseType: line.courseType,
      planId: line.plan ? line.plan.id : null,
      quantity,
      unitPriceAmount,
      listAmount,
      discountAmount: 0,
      netAmount: listAmount,
      adjustments: [],
      problem,
      excluded: problem !== null,
    };
  });
}

/**
 * Prices a cart: list prices, the promotion, then coupons (percent first, then
 * amount, largest first), VAT contained in the prices or added on top (the site's
 * mode), withholding on the pre-VAT
 * goods value, and the amount to pay. Pure: the same input always gives the same
 * breakdown, whatever the order of its coupons. Business outcomes (a rejected
 * coupon, a missing price) come back as data; only malformed input throws.
 */
export function priceCart(input: PriceCartInput): PriceBreakdown {
  const currency = input.currency ?? 'THB';
  const now = toMs(input.now);
  const { settings } = input;
  const lines = priceLines(input, currency);
  const problems: PriceProblem[] = [];
  if (lines.length === 0) problems.push({ code: 'CART_EMPTY' });
  lines.forEach((line) => {
    if (line.problem) problems.push({ code: line.problem, courseId: line.courseId });
  });
  if (input.paymentMethodId === null) problems.push({ code: 'NO_PAYMENT_METHOD' });

  // Coupons: entered codes without a record, duplicates, then each rule in turn.
  const coupons = [...(input.coupons ?? [])].sort(compareCoupons(currency));
  const knownCodes = new Set(coupons.map((c) => normaliseCode(c.code)));
  const rejectedCoupons: RejectedCoupon[] = [...new Set((input.couponCodes ?? []).map(normaliseCode))]
    .filter((code) => code !== '' && !knownCodes.has(code))
    .sort()
    .map((code) => ({ id: null, code, reason: 'dont_have_coupon' }));
  const seenIds = new Set<number>();
  const seenCodes = new Set<string>();
  let validCoupons: CouponInput[] = [];
  for (const coupon of coupons) {
    const code = normaliseCode(coupon.code);
    const reason = seenIds.has(coupon.id) || seenCodes.has(code) ? 'duplicate_coupon' : couponRejection(coupon, lines, input, currency, now);
    seenIds.add(coupon.id);
    seenCodes.add(code);
    if (reason) rejectedCoupons.push({ id: coupon.id, code: coupon.code, reason });
    else validCoupons.push(coupon);
  }

  // Promotion: coupons win when the two are exclusive; otherwise the chosen one, or the best.
  const promotions = [...(input.promotions ?? [])].sort((a, b) => a.id - b.id);
  const chosen = input.promotionId === undefined ? 'auto' : input.promotionId;
  const rejectedPromotions: RejectedPromotion[] = [];
  let appliedPromotion: AppliedPromotion | null = null;
  let applicablePromotionIds: number[] = [];
  if (settings.couponOrPromotion && validCoupons.length > 0) {
    promotions.forEach((p) => rejectedPromotions.push({ id: p.id, reason: 'coupon_or_promotion' }));
  } else {
    const evaluations = promotions.map((p) => evaluatePromotion(p, lines, currency, now));
    const applicable = evaluations.filter((e): e is Extract<PromotionEvaluation, { ok: true }> => e.ok).sort((a, b) => b.discount - a.discount || a.promotion.id - b.promotion.id);
    applicablePromotionIds = applicable.map((e) => e.promotion.id);
    const winner = chosen === 'auto' ? applicable[0] : applicable.find((e) => e.promotion.id === chosen);
    if (typeof chosen === 'number' && !promotions.some((p) => p.id === chosen)) {
      rejectedPromotions.push({ id: chosen, reason: 'promotion_not_found' });
    }
    if (chosen === null && applicable.length > 0) problems.push({ code: 'PROMOTION_REQUIRED' });
    for (const evaluation of evaluations) {
      if (!evaluation.ok) rejectedPromotions.push({ id: evaluation.promotion.id, reason: evaluation.reason });
      else if (evaluation !== winner) rejectedPromotions.push({ id: evaluation.promotion.id, reason: 'promotion_not_chosen' });
    }
    if (winner) {
      const { promotion, indexes, rate } = winner;
      const shares = discountShares(
        promotion.promotionType,
        rate,
        indexes.map((i) => lines[i].netAmount),
        currency,
      );
      appliedPromotion = {
        id: promotion.id,
        title: promotion.title,
        promotionType: promotion.promotionType,
        discountType: promotion.discountType,
        tierNumberOfCourse: winner.tier,
        discountAmount: applyShares(lines, indexes, shares, 'promotion', promotion.id, null),
        courseIds: indexes.map((i) => lines[i].courseId),
      };
    }
  }

  // One coupon per order: keep the one worth most on the cart as it now stands.
  if (settings.oneCouponPerOrder && validCoupons.length > 1) {
    const worth = (coupon: CouponInput) => couponShares(coupon, lines, currency).shares.reduce((a, b) => a + b, 0);
    const best = validCoupons.reduce((kept, coupon) => (worth(coupon) > worth(kept) ? coupon : kept));
    validCoupons.filter((c) => c !== best).forEach((c) => rejectedCoupons.push({ id: c.id, code: c.code, reason: 'one_coupon_per_order' }));
    validCoupons = [best];
  }
  const appliedCoupons: AppliedCoupon[] = validCoupons.map((coupon) => {
    const { indexes, shares } = couponShares(coupon, lines, currency);
    return {
      id: coupon.id,
      code: coupon.code,
      couponType: coupon.couponType,
      discountType: coupon.discountType,
      discountAmount: applyShares(lines, indexes, shares, 'coupon', coupon.id, coupon.code),
      courseIds: indexes.map((i) => lines[i].courseId),
    };
  });

  // Totals. Listed prices include VAT or have it added (ADR 010, ADR 182); withholding is on the pre-VAT goods value (011).
  const m = (amount: number): Money => money(amount, currency);
  const subtotal = m(lines.reduce((a, l) => a + l.listAmount, 0));
  const discount = m(lines.reduce((a, l) => a + l.discountAmount, 0));
  const shippingFeeAmount = input.shippingFeeAmount ?? 0;
  assertMinorUnits(shippingFeeAmount, 'shippingFeeAmount');
  const shipping = m(shippingFeeAmount);
  const vatBasisPoints = settings.vatEnabled ? settings.vatBasisPoints : 0;
  const vatMode = vatModeOf(settings.vatMode);
  let withholdingPercent: WithholdingPercent | null = null;
  if (input.withholding?.enabled) {
    if (input.taxInvoice?.personType === 'juristic_person') withholdingPercent = input.withholding.percent ?? DEFAULT_WITHHOLDING_PERCENT;
    else problems.push({ code: 'WITHHOLDING_REQUIRES_JURISTIC_PERSON' });
  }
  const taxes = taxTotals({ goods: subtract(subtotal, discount), shipping, vatBasisPoints, vatMode, withholdingPercent });
  const { amountToPay } = taxes;
  const belowMinimum =
    currency === 'THB' && MINIMUM_PAYMENT_METHOD_IDS.includes(input.paymentMethodId as PaymentMethodId) && amountToPay.amount > 0 && amountToPay.amount < MINIMUM_ONLINE_PAYMENT_AMOUNT;
  if (belowMinimum) problems.push({ code: 'MINIMUM_AMOUNT' });

  return {
    currency,
    lines: lines.map(({ excluded: _excluded, ...line }) => line),
    appliedCoupons,
    rejectedCoupons,
    appliedPromotion,
    rejectedPromotions,
    applicablePromotionIds,
    totals: { subtotal, discount, shipping, ...taxes },
    vatBasisPoints,
    vatMode,
    withholdingPercent,
    taxInvoiceCheckRequired: Boolean(input.taxInvoice) && taxInvoiceCheckApplies(taxes.withVat),
    belowMinimum,
    zeroTotal: amountToPay.amount === 0,
    problems,
    ok: problems.length === 0,
  };
}
