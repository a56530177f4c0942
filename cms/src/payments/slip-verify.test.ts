import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, DEMO_KEYS, registerSandboxSlip, type RunningSandbox } from '@sala/payment-sandbox';
import { checkSlip, maskedMatch } from '../api/bank-transfer/lib/slip-check';
import { lookUpSlip, slipVerifyConfig, type SlipVerifyConfig } from './slip-verify';

let sandbox: RunningSandbox;
const config = (overrides: Partial<SlipVerifyConfig> = {}): SlipVerifyConfig => ({
  applicationKey: DEMO_KEYS.scb.applicationKey,
  applicationSecret: DEMO_KEYS.scb.applicationSecret,
  production: false,
  baseUrl: sandbox.baseUrls.api,
  ...overrides,
});
const demo = () => ({ applicationKey: 'demo-key', applicationSecret: 'demo-secret', baseUrl: 'http://127.0.0.1:4106' });

beforeAll(async () => {
  sandbox = await createSandbox('scb');
  await registerSandboxSlip(sandbox.url, {
    transRef: '2026112714050900SALA1',
    sendingBank: '004',
    amount: '1070.50',
    receiverAccount: 'xxx-x-x6789-x',
    receiverProxy: '0812345678',
    transDate: '2026-11-27',
    transTime: '14:05:09',
  });
});
afterAll(() => sandbox.close());

describe('SCB slip verification against the stand-in', () => {
  it('answers a registered slip with its amount in satang, the receiver and the Bangkok time in UTC', async () => {
    const answer = await lookUpSlip({ sendingBank: '004', transRef: '2026112714050900SALA1' }, config());
    expect(answer).toEqual({
      ok: true,
      slip: {
        transRef: '2026112714050900SALA1',
        sendingBank: '004',
        amount: { amount: 107050, currency: 'THB' },
        receiver: { account: 'xxx-x-x6789-x', proxy: '0812345678', name: 'SALA SANDBOX' },
        paidAt: new Date('2026-11-27T07:05:09.000Z'),
      },
    });
  });

  it('refuses an unknown reference, and a known one asked with another sending bank', async () => {
    expect(await lookUpSlip({ sendingBank: '004', transRef: 'NOSUCHREF000001' }, config())).toMatchObject({ ok: false, reason: 'not_found' });
    expect(await lookUpSlip({ sendingBank: '014', transRef: '2026112714050900SALA1' }, config())).toMatchObject({ ok: false, reason: 'not_found' });
  });

  it('is a failed look-up, not an answer, with a wrong key or an unreachable bank', async () => {
    expect(await lookUpSlip({ sendingBank: '004', transRef: '2026112714050900SALA1' }, config({ applicationSecret: 'wrong' }))).toMatchObject({ ok: false, reason: 'lookup_failed' });
    expect(await lookUpSlip({ sendingBank: '004', transRef: '2026112714050900SALA1' }, config({ baseUrl: 'http://127.0.0.1:9' }))).toMatchObject({ ok: false, reason: 'lookup_failed' });
  });

  it('uses the demo keys outside production only; production without keys verifies nothing', () => {
    expect(slipVerifyConfig({ NODE_ENV: 'development' }, demo)).toEqual({ ...demo(), production: false });
    expect(slipVerifyConfig({ NODE_ENV: 'production' }, demo)).toBeNull();
    expect(slipVerifyConfig({ NODE_ENV: 'production', SLIP_VERIFY_SCB_APPLICATION_KEY: 'k', SLIP_VERIFY_SCB_APPLICATION_SECRET: 's' }, demo)).toEqual({
      applicationKey: 'k',
      applicationSecret: 's',
      production: true,
      baseUrl: undefined,
    });
  });
});

describe('the bank’s answer against the order', () => {
  const slip = {
    transRef: 'R1',
    sendingBank: '004',
    amount: { amount: 107050, currency: 'THB' as const },
    receiver: { account: 'xxx-x-x6789-x', proxy: '', name: '' },
    paidAt: new Date('2026-11-27T07:05:09Z'),
  };
  const order = { net: { amount: 107050, currency: 'THB' as const }, placedAt: new Date('2026-11-27T07:00:00Z') };
  const shop = { accounts: ['123-4-56789-0'], promptPayIds: ['0812345678'] };

  it('matches a masked account digit by digit, and a PromptPay phone in either form', () => {
    expect(maskedMatch('xxx-x-x6789-x', '123-4-56789-0')).toBe(true);
    expect(maskedMatch('xxx-x-x6788-x', '123-4-56789-0')).toBe(false);
    expect(maskedMatch('xxx-x-xxxxx-x', '123-4-56789-0')).toBe(false);
    expect(maskedMatch('66812345678', '0812345678')).toBe(true);
    expect(maskedMatch('xxx-xxx-5678', '0812345678')).toBe(true);
  });

  it('approves only the exact amount, to the shop, after the order', () => {
    expect(checkSlip(slip, order, shop)).toEqual({ ok: true });
    expect(checkSlip({ ...slip, amount: { amount: 107049, currency: 'THB' } }, order, shop)).toMatchObject({ ok: false, reason: 'amount_mismatch' });
    expect(checkSlip({ ...slip, receiver: { account: 'xxx-x-x1111-x', proxy: '0899999999', name: '' } }, order, shop)).toMatchObject({ ok: false, reason: 'receiver_mismatch' });
    expect(checkSlip({ ...slip, receiver: { account: '', proxy: '0812345678', name: '' } }, order, shop)).toEqual({ ok: true });
    expect(checkSlip({ ...slip, paidAt: new Date('2026-11-26T07:05:09Z') }, order, shop)).toMatchObject({ ok: false, reason: 'date_before_order' });
  });
});
