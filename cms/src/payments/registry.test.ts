import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import { parseMajor } from '@sala/shared/money';
import { createSandbox, DEMO_KEYS, DEMO_METHOD_CONFIG, sandboxEncryptCard, sandboxPaymentConfig, SANDBOX_NAMES, type RunningSandbox, type SandboxName } from '@sala/payment-sandbox';
import { getPaymentAdapter } from './registry';
import type { PaymentConfig, StartExtra } from './types';

describe('the adapter registry', () => {
  it('has an adapter for every payment method id of the spec', () => {
    for (const id of ALL_PAYMENT_METHOD_IDS) expect(getPaymentAdapter(id).methodId).toBe(id);
  });

  it("reads ids sent as text, so '0001' is bank transfer", () => {
    expect(getPaymentAdapter('0001').provider).toBe('bank-transfer');
    expect(getPaymentAdapter('15').provider).toBe('2c2p');
  });

  it('refuses an id the spec does not define', () => {
    expect(() => getPaymentAdapter(5)).toThrow(/no payment adapter/);
    expect(() => getPaymentAdapter('card')).toThrow(/no payment adapter/);
  });
});

/** Every text an attacker could read out of a value: its strings and anything base64 inside them, decoded again and again. */
function readable(value: unknown): string[] {
  const texts: string[] = [];
  const visit = (text: string, depth: number) => {
    texts.push(text);
    if (depth === 0) return;
    for (const token of text.match(/[A-Za-z0-9+/_-]{16,}={0,2}/g) ?? []) {
      visit(Buffer.from(token, token.includes('-') || token.includes('_') ? 'base64url' : 'base64').toString('utf8'), depth - 1);
    }
  };
  visit(JSON.stringify(value), 4);
  return texts;
}

describe('what reaches the browser', () => {
  const sandboxes = new Map<SandboxName, RunningSandbox>();
  beforeAll(async () => {
    for (const name of SANDBOX_NAMES) sandboxes.set(name, await createSandbox(name));
  });
  afterAll(async () => {
    await Promise.all([...sandboxes.values()].map((sandbox) => sandbox.close()));
  });

  async function extraFor(methodId: number): Promise<StartExtra> {
    if (methodId === 8) {
      const vault = sandboxes.get('omise')!.baseUrls.vault;
      const response = await fetch(`${vault}/tokens`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${DEMO_KEYS.omise.publicKey}:`).toString('base64')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ card: { name: 'A', number: '4242424242424242', expiration_month: 1, expiration_year: 2031, security_code: '123' } }),
      });
      return { token: ((await response.json()) as { id: string }).id };
    }
    if (methodId === 3) return { encryptedCardInfo: sandboxEncryptCard({ number: '4111111111111111', month: '01', year: '2031', cvv: '123' }) };
    return {};
  }

  it('the check itself finds a secret hidden two base64 layers deep', () => {
    const hidden = Buffer.from(`<x><payload>${Buffer.from('key=s3cr3t-value').toString('base64')}</payload></x>`).toString('base64');
    expect(readable({ kind: 'form', fields: { paymentRequest: hidden } }).some((text) => text.includes('s3cr3t-value'))).toBe(true);
  });

  it.each(ALL_PAYMENT_METHOD_IDS.map((id) => [id]))('method %i never hands application_id_2, the API key or the webhook secret to the browser', async (methodId) => {
    const demo = DEMO_METHOD_CONFIG[methodId];
    const config: PaymentConfig = sandboxPaymentConfig(methodId, demo.sandbox ? sandboxes.get(demo.sandbox)! : null, {
      returnUrl: 'https://shop.example/return/{orderToken}',
      callbackUrl: 'https://cms.example/api/payments/notify',
    });
    const order = { id: 900 + methodId, token: `tok-${methodId}`, amount: parseMajor('1234.00'), description: 'Course', email: 'a@example.com', name: 'A' };
    const { browser } = await getPaymentAdapter(methodId).startPayment(order, config, await extraFor(methodId));
    const secrets = [config.applicationId2, config.apiKey, config.webhookSecret].filter((secret): secret is string => Boolean(secret));
    if (config.webhookSecret && methodId === 9) secrets.push(Buffer.from(config.webhookSecret, 'base64').toString('utf8'));
    for (const text of readable(browser)) {
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });
});
