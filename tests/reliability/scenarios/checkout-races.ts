/**
 * Two hundred buyers at once for ten of something: the seats of a class, the uses of a
 * coupon. Each scenario runs five times on fresh records with buyers who never ordered.
 * Nothing may be oversold, exactly ten buyers get through, nobody gets a server error,
 * and the counters in the database agree with the orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStrapi } from '../../../cms/tests/helpers/strapi';
import type { CmsHandle } from '../support/cms';
import { faults, tally } from '../support/http';
import { checkoutInvariants, createBuyers, createCoupon, createOffer, placeOrder } from '../support/shop';

const ROUNDS = 5;
const BUYERS = 200;
const AVAILABLE = 10;

let cms: TestStrapi;
const timings: string[] = [];

export function checkoutRaces(shared: CmsHandle) {
  beforeAll(() => {
    cms = shared();
  });

  afterAll(() => {
    if (timings.length) console.info(`[checkout races on ${cms?.database.client}] ${timings.join('; ')}`);
  });

  describe('the last ten seats of a class', () => {
    it(`go to exactly ${AVAILABLE} of ${BUYERS} buyers ordering at once, ${ROUNDS} times: the rest hear 409 NO_MORE_SEAT, none a 5xx, seats_taken is ${AVAILABLE}`, async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const offer = await createOffer(cms.strapi, AVAILABLE);
        const buyers = await createBuyers(cms.strapi, BUYERS, `seat${round}`);

        const started = Date.now();
        const answers = await Promise.all(buyers.map((buyer) => placeOrder(cms.url, buyer, offer)));
        timings.push(`seats ${round}: ${Date.now() - started} ms`);

        expect(faults(answers), `round ${round}: server errors or no answer`).toEqual([]);
        expect(tally(answers), `round ${round}`).toEqual({ 201: AVAILABLE, 409: BUYERS - AVAILABLE });
        for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.error.code).toBe('NO_MORE_SEAT');

        const { problems, orders } = await checkoutInvariants(cms.strapi, { buyerIds: buyers.map((b) => b.id), courseIds: [offer.courseId], couponIds: [] });
        expect(problems, `round ${round}`).toEqual([]);
        expect(orders).toHaveLength(AVAILABLE);
        expect(new Set(orders.map((o) => o.id))).toEqual(new Set(answers.filter((a) => a.status === 201).map((a) => a.body.orderId)));
      }
    }, 600_000);
  });

  describe('a coupon limited to ten uses', () => {
    it(`is used by exactly ${AVAILABLE} of ${BUYERS} buyers at once, ${ROUNDS} times: the rest hear 409 COUPON_NOT_AVAILABLE (coupon_full), none a 5xx, used_count is ${AVAILABLE}`, async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const offer = await createOffer(cms.strapi, null);
        const coupon = await createCoupon(cms.strapi, [offer.courseId], AVAILABLE);
        const buyers = await createBuyers(cms.strapi, BUYERS, `coupon${round}`);

        const started = Date.now();
        const answers = await Promise.all(buyers.map((buyer) => placeOrder(cms.url, buyer, offer, [coupon])));
        timings.push(`coupon ${round}: ${Date.now() - started} ms`);

        expect(faults(answers), `round ${round}: server errors or no answer`).toEqual([]);
        expect(tally(answers), `round ${round}`).toEqual({ 201: AVAILABLE, 409: BUYERS - AVAILABLE });
        for (const answer of answers.filter((a) => a.status === 201)) expect(answer.body.order_detail.discount).toBe(100);
        for (const answer of answers.filter((a) => a.status === 409)) {
          expect(answer.body.error.code).toBe('COUPON_NOT_AVAILABLE');
          expect(answer.body.error.result.coupons).toEqual([{ id: coupon.id, code: coupon.code, reason: 'coupon_full' }]);
        }

        const { problems, orders } = await checkoutInvariants(cms.strapi, { buyerIds: buyers.map((b) => b.id), courseIds: [offer.courseId], couponIds: [coupon.id] });
        expect(problems, `round ${round}`).toEqual([]);
        expect(orders).toHaveLength(AVAILABLE);
      }
    }, 600_000);
  });
}
