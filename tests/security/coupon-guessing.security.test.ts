/**
 * A coupon counts only for a buyer who presents its code (ADR 154), so the codes themselves
 * must not be guessable: look-ups and orders that name a code giving nothing are counted per
 * client address and per account, and past the limit any call naming a code waits.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createBuyers, sharedCms } from './support/cms';
import { bearer, sendJson, type Answer } from './support/http';

const LIMIT = 5;
const cms = sharedCms({ env: { COUPON_CODE_MISSES_PER_ADDRESS: String(LIMIT), COUPON_CODE_MISSES_PER_ACCOUNT: String(LIMIT) } });
const THAI = /[\u0E00-\u0E7F]/;
const HONEST_CODE = 'SALA10';

const guess = () => `GUESS${randomBytes(4).toString('hex').toUpperCase()}`;
const lookUp = (code: string, from: string, jwt?: string): Promise<Answer> =>
  sendJson('POST', `${cms().url}/public/cart/getCouponByCouponCode`, { coupon_code: code }, { from, headers: jwt ? bearer(jwt) : {} });

function expectWaiting(answer: Answer) {
  expect(answer.status, answer.text).toBe(429);
  expect(answer.body.error.code).toBe('TOO_MANY_REQUESTS');
  expect(answer.body.error.msg).toMatch(THAI);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.text).not.toContain(HONEST_CODE);
}

describe('guessing coupon codes', () => {
  it('an address that keeps naming codes that give nothing waits, even for a real code; another address still looks a code up', async () => {
    const attacker = '127.0.0.61';
    for (let i = 0; i < LIMIT; i++) expect((await lookUp(guess(), attacker)).status).toBe(404);
    expectWaiting(await lookUp(guess(), attacker));
    expectWaiting(await lookUp(HONEST_CODE, attacker));

    const honest = await lookUp(HONEST_CODE, '127.0.0.62');
    expect(honest.status, honest.text).toBe(200);
    expect(honest.body.data[0].coupon_code ?? honest.body.data[0].code).toBe(HONEST_CODE);
  });

  it('an account rotating addresses, by look-ups and by orders naming a code, waits once its misses reach the limit', async () => {
    const [student] = await createBuyers(cms().strapi, 1, 'guesser');
    const courseId = 1;
    const plan = await cms()
      .strapi.db.query('api::pricing-plan.pricing-plan')
      .findOne({ where: { course: courseId, is_default: true }, select: ['id'] });
    const order = (code: string, from: string) =>
      sendJson(
        'POST',
        `${cms().url}/private/cart/order`,
        { user_id: student.id, course_id: [courseId], pricingplan_id: [plan.id], coupon_code: [code], payment_method_id: 1, price: 0 },
        { from, headers: bearer(student.jwt) },
      );
    for (let i = 0; i < LIMIT; i++) {
      const from = `127.0.0.${70 + i}`;
      const answer = i % 2 === 0 ? await lookUp(guess(), from, student.jwt) : await order(guess(), from);
      expect([400, 404, 409], answer.text).toContain(answer.status);
      expect(answer.text).not.toContain(HONEST_CODE);
    }
    expectWaiting(await lookUp(HONEST_CODE, '127.0.0.90', student.jwt));
    expectWaiting(await order(guess(), '127.0.0.91'));
  });
});
