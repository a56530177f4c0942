/**
 * Property: for every provider, a message settles an attempt only when it was made under
 * that attempt's own key and names that attempt's reference, amount and currency. A message
 * signed (or checked) with another key, or for another reference, never settles; one for
 * other money goes to review; an approval without a currency goes to review; our own signed
 * requests never read as the provider's answer. `judge` is the rule settlement applies to what
 * each adapter's `verifyCallback` makes of the message (services/settlement.ts).
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money, parseMajor, type Money } from '@sala/shared/money';
import { createSandbox, DEMO_KEYS, sandboxEncryptCard, sandboxPaymentConfig, startCallbackRecorder, type CallbackRecorder, type RunningSandbox } from '@sala/payment-sandbox';
import { judge, type Judgement } from './judge';
import { omiseCardAdapter } from './omise';
import { paypalAdapter } from './paypal';
import { paySolutionsAdapter } from './paysolutions';
import { scbQrAdapter } from './scb';
import { buildPaymentRequest, twoC2pCardAdapter } from './twoc2p';
import { PaymentError, type CallbackRequest, type PaymentAdapter, type PaymentConfig, type PaymentOrder } from './types';
import { xenditInvoiceAdapter } from './xendit';

const RUNS = 40;
let nextId = 95001;
const order = (amount: string): PaymentOrder => ({
  id: nextId++,
  token: `bind-${nextId}`,
  amount: parseMajor(amount),
  description: 'คอร์สทดสอบการผูกการชำระเงิน',
  email: 'buyer@example.com',
  name: 'สมชาย ใจดี',
});

/** What settlement would do: an unreachable or refusing provider (PaymentError) settles nothing either. */
async function verdictOf(adapter: PaymentAdapter, request: CallbackRequest, config: PaymentConfig, attempt: Parameters<typeof judge>[0]): Promise<Judgement['kind']> {
  try {
    return judge(attempt, await adapter.verifyCallback(request, config)).kind;
  } catch (error) {
    if (error instanceof PaymentError) return 'refuse';
    throw error;
  }
}

// ------------------------------------------------------------------ 2C2P (pure: messages are made here)

describe('2C2P: 9.9 paymentResponse and v4.3 notification', () => {
  const config: PaymentConfig = sandboxPaymentConfig(3, null);
  const attempt = { providerReference: '4200112233445', expected: money(150_000, 'THB') };
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  const form = (paymentResponse: string): CallbackRequest => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: new URLSearchParams({ paymentResponse }).toString() });

  function response99(fields: { reference: string; amountMinor: number; currencyCode: string | null; respCode: string }, key: string): CallbackRequest {
    const inner =
      `<PaymentResponse><version>9.9</version><merchantID>${config.applicationId1}</merchantID><respCode>${fields.respCode}</respCode>` +
      `<amt>${String(fields.amountMinor).padStart(12, '0')}</amt><uniqueTransactionCode>${fields.reference}</uniqueTransactionCode><tranRef>77</tranRef>` +
      (fields.currencyCode === null ? '' : `<currencyCode>${fields.currencyCode}</currencyCode>`) +
      `</PaymentResponse>`;
    const payload = b64(inner);
    return form(
      b64(`<PaymentResponse><version>9.9</version><payload>${payload}</payload><signature>${createHmac('sha256', key).update(payload).digest('hex').toUpperCase()}</signature></PaymentResponse>`),
    );
  }

  function notification43(claims: Record<string, unknown>, key: string): CallbackRequest {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
    return { headers: { 'content-type': 'application/json' }, rawBody: '', body: { payload: `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}` } };
  }

  const otherKey = fc.string({ minLength: 1, maxLength: 40 }).filter((key) => key !== config.applicationId2);
  const message = fc.record({
    key: fc.option(otherKey, { nil: null }),
    ownReference: fc.boolean(),
    otherReference: fc.stringMatching(/^[0-9]{6,20}$/).filter((reference) => reference !== attempt.providerReference),
    amountMinor: fc.oneof(fc.constant(attempt.expected.amount), fc.integer({ min: 1, max: 99_999_999 })),
    currency: fc.constantFrom<'THB' | 'USD' | null>('THB', 'USD', null),
    flow: fc.constantFrom('9.9', '4.3'),
  });

  it('settles only a message made with the attempt method’s key, for its reference, amount and currency', async () => {
    await fc.assert(
      fc.asyncProperty(message, async (m) => {
        const key = m.key ?? config.applicationId2;
        const reference = m.ownReference ? attempt.providerReference : m.otherReference;
        const request =
          m.flow === '9.9'
            ? response99({ reference, amountMinor: m.amountMinor, currencyCode: m.currency === null ? null : m.currency === 'THB' ? '764' : '840', respCode: '00' }, key)
            : notification43(
                {
                  merchantID: config.applicationId1,
                  invoiceNo: reference,
                  amount: m.amountMinor / 100,
                  ...(m.currency === null ? {} : { currencyCode: m.currency }),
                  respCode: '0000',
                  tranRef: '77',
                },
                key,
              );
        const kind = await verdictOf(twoC2pCardAdapter, request, config, attempt);
        const genuine = m.key === null && m.ownReference;
        const exact = genuine && m.currency === 'THB' && m.amountMinor === attempt.expected.amount;
        expect(kind === 'approve').toBe(exact);
        if (!genuine) expect(kind).toBe('refuse');
        else if (!exact) expect(kind).toBe('review');
      }),
      { numRuns: 200 },
    );
  });

  it('our own signed paymentRequest, and our own v4.3 request claims, never read as 2C2P’s answer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 99_999_999 }), async (amountMinor) => {
        const paying: PaymentOrder = { ...order('1.00'), amount: money(amountMinor, 'THB') };
        const request = buildPaymentRequest(paying, config, attempt.providerReference, {
          encryptedCardInfo: sandboxEncryptCard({ number: '4111111111111111', month: '12', year: '2030', cvv: '123' }),
        });
        const expected = { providerReference: attempt.providerReference, expected: paying.amount };
        expect(await verdictOf(twoC2pCardAdapter, form(request), config, expected)).toBe('refuse');
        const tokenRequest = notification43(
          {
            merchantID: config.applicationId1,
            invoiceNo: attempt.providerReference,
            amount: amountMinor / 100,
            currencyCode: 'THB',
            paymentChannel: ['CC'],
            frontendReturnUrl: 'https://shop.example/r',
            respCode: '0000',
          },
          config.applicationId2,
        );
        expect(await verdictOf(twoC2pCardAdapter, tokenRequest, config, expected)).toBe('refuse');
      }),
      { numRuns: 25 },
    );
  });
});

// ------------------------------------------------------------------ providers that are asked back (sandboxes)

type Genuine = { reference: string; amount: Money; request: CallbackRequest };

type ProviderCase = {
  name: string;
  adapter: PaymentAdapter;
  config(): PaymentConfig;
  /** The method's config with its verifying key (webhook secret, callback token or API secret) replaced. */
  withKey(config: PaymentConfig, key: string): PaymentConfig;
  /** Two real, approved payments and the message the provider sent (or the browser brought back) for each. */
  genuine(): Promise<Genuine[]>;
  stop(): Promise<void>;
};

let recorder: CallbackRecorder;
const sandboxes: Partial<Record<string, RunningSandbox>> = {};
const AMOUNTS = ['1234.50', '990.00'];

function lastCallback(path: string, needle: string): CallbackRequest {
  const found = [...recorder.received].reverse().find((callback) => callback.path === path && callback.rawBody.includes(needle));
  if (!found) throw new Error(`no ${path} callback mentions ${needle}`);
  return found;
}

const cases: ProviderCase[] = [
  {
    name: 'Omise (webhook signed with the webhook secret, then the charge re-read)',
    adapter: omiseCardAdapter,
    config: () => sandboxPaymentConfig(8, sandboxes.omise!, { returnUrl: `${recorder.url}/return/{orderToken}` }),
    withKey: (config, key) => ({ ...config, webhookSecret: Buffer.from(key).toString('base64') }),
    async genuine() {
      return Promise.all(
        AMOUNTS.map(async (amount) => {
          const token = await fetch(`${sandboxes.omise!.baseUrls.vault}/tokens`, {
            method: 'POST',
            headers: { authorization: `Basic ${Buffer.from(`${DEMO_KEYS.omise.publicKey}:`).toString('base64')}`, 'content-type': 'application/json' },
            body: JSON.stringify({ card: { name: 'Somchai', number: '4242424242424242', expiration_month: 12, expiration_year: 2030, security_code: '123' } }),
          });
          const paying = order(amount);
          const start = await omiseCardAdapter.startPayment(paying, this.config(), { token: ((await token.json()) as { id: string }).id });
          await sandboxes.omise!.approve(start.providerReference);
          return { reference: start.providerReference, amount: paying.amount, request: lastCallback('/omise', start.providerReference) };
        }),
      );
    },
    stop: async () => sandboxes.omise?.close(),
  },
  {
    name: 'Xendit (x-callback-token, then the invoice re-read)',
    adapter: xenditInvoiceAdapter,
    config: () => sandboxPaymentConfig(11, sandboxes.xendit!, { returnUrl: 'https://shop.example/thankyou', cancelUrl: 'https://shop.example/order' }),
    withKey: (config, key) => ({ ...config, webhookSecret: key }),
    async genuine() {
      const found: Genuine[] = [];
      for (const amount of AMOUNTS) {
        const paying = order(amount);
        const start = await xenditInvoiceAdapter.startPayment(paying, this.config());
        await sandboxes.xendit!.approve(start.providerReference);
        found.push({ reference: start.providerReference, amount: paying.amount, request: lastCallback('/xendit', start.providerReference) });
      }
      return found;
    },
    stop: async () => sandboxes.xendit?.close(),
  },
  {
    name: 'PaySolutions (unsigned postback, the Inquiry API with apikey decides)',
    adapter: paySolutionsAdapter,
    config: () => sandboxPaymentConfig(13, sandboxes.paysolutions!, { returnUrl: 'https://shop.example/order', callbackUrl: `${recorder.url}/paysolutions` }),
    withKey: (config, key) => ({ ...config, apiKey: key }),
    async genuine() {
      const found: Genuine[] = [];
      for (const amount of AMOUNTS) {
        const paying = order(amount);
        const start = await paySolutionsAdapter.startPayment(paying, this.config());
        if (start.browser.kind !== 'form') throw new Error('expected the pay page form');
        await fetch(start.browser.action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(start.browser.fields).toString() });
        await sandboxes.paysolutions!.approve(start.providerReference);
        found.push({ reference: start.providerReference, amount: paying.amount, request: lastCallback('/paysolutions', start.providerReference) });
      }
      return found;
    },
    stop: async () => sandboxes.paysolutions?.close(),
  },
  {
    name: 'SCB (unsigned confirmation, the bill payment inquiry decides)',
    adapter: scbQrAdapter,
    config: () => sandboxPaymentConfig(4, sandboxes.scb!),
    withKey: (config, key) => ({ ...config, applicationId2: key }),
    async genuine() {
      const found: Genuine[] = [];
      for (const amount of AMOUNTS) {
        const paying = order(amount);
        const start = await scbQrAdapter.startPayment(paying, this.config());
        await sandboxes.scb!.approve(start.providerReference);
        found.push({ reference: start.providerReference, amount: paying.amount, request: lastCallback('/scb', start.providerReference) });
      }
      return found;
    },
    stop: async () => sandboxes.scb?.close(),
  },
  {
    name: 'PayPal (the return names the order; the server-side capture decides)',
    adapter: paypalAdapter,
    config: () => sandboxPaymentConfig(2, sandboxes.paypal!, { returnUrl: 'https://shop.example/paypal/{orderToken}', cancelUrl: 'https://shop.example/order' }),
    withKey: (config, key) => ({ ...config, applicationId2: key }),
    async genuine() {
      const found: Genuine[] = [];
      for (const amount of AMOUNTS) {
        const paying = order(amount);
        const start = await paypalAdapter.startPayment(paying, this.config());
        await sandboxes.paypal!.approve(start.providerReference);
        found.push({ reference: start.providerReference, amount: paying.amount, request: { headers: {}, rawBody: '', query: { token: start.providerReference } } });
      }
      return found;
    },
    stop: async () => sandboxes.paypal?.close(),
  },
];

beforeAll(async () => {
  recorder = await startCallbackRecorder(async (request) => {
    // SCB wants its confirmation answered with its own shape.
    if (request.path === '/scb') {
      const body = JSON.parse(request.rawBody || '{}') as { transactionId?: string };
      return { status: 200, contentType: 'application/json', body: JSON.stringify({ resCode: '00', resDesc: 'success', transactionId: body.transactionId }) };
    }
    return { status: 200, contentType: 'text/plain', body: 'OK' };
  });
  for (const name of ['omise', 'xendit', 'paysolutions', 'scb', 'paypal'] as const) {
    sandboxes[name] = await createSandbox(name, { callbackUrl: `${recorder.url}/${name}` });
  }
});

afterAll(async () => {
  for (const providerCase of cases) await providerCase.stop();
  await recorder?.close();
});

describe.each(cases)('$name', (providerCase) => {
  it('a genuine message settles only its own attempt, for its amount and currency, checked with that method’s key', async () => {
    const genuine = await providerCase.genuine();
    const base = providerCase.config();
    const rightKeys = new Set([base.webhookSecret, base.apiKey, base.applicationId2].filter(Boolean));
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          which: fc.nat(genuine.length - 1),
          ownReference: fc.boolean(),
          amountMinor: fc.option(fc.integer({ min: 1, max: 99_999_999 }), { nil: null }),
          currency: fc.constantFrom<'THB' | 'USD'>('THB', 'USD'),
          key: fc.option(
            fc.string({ minLength: 1, maxLength: 40 }).filter((key) => !rightKeys.has(key) && !rightKeys.has(Buffer.from(key).toString('base64'))),
            { nil: null },
          ),
        }),
        async (m) => {
          const message = genuine[m.which];
          const other = genuine[(m.which + 1) % genuine.length];
          const attempt = {
            providerReference: m.ownReference ? message.reference : other.reference,
            expected: money(m.amountMinor ?? message.amount.amount, m.currency),
          };
          const config = m.key === null ? base : providerCase.withKey(base, m.key);
          const kind = await verdictOf(providerCase.adapter, message.request, config, attempt);
          const genuineForAttempt = m.key === null && m.ownReference;
          const exact = genuineForAttempt && attempt.expected.amount === message.amount.amount && attempt.expected.currency === message.amount.currency;
          expect(kind === 'approve').toBe(exact);
          if (!genuineForAttempt) expect(kind).toBe('refuse');
          else if (!exact) expect(kind).toBe('review');
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});
