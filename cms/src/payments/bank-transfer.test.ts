import { parse } from 'promptparse';
import { describe, expect, it } from 'vitest';
import { money, parseMajor } from '@sala/shared/money';
import { sandboxPaymentConfig } from '@sala/payment-sandbox';
import { bankTransferAdapter } from './bank-transfer';
import { promptPayPayload } from './promptpay';
import type { BrowserAction, PaymentOrder } from './types';

type ShownAccount = { promptPay: { payload: string; imageDataUrl: string } | null };
const accountsOf = (browser: BrowserAction) => (browser.kind === 'modal' ? browser.data.accounts : []) as ShownAccount[];

/** Tags of a payload without the CRC (tag 63), whose value depends on the tag order. */
function tagsOf(payload: string): Record<string, string> {
  const qr = parse(payload, true);
  if (!qr) throw new Error(`invalid EMVCo payload or CRC: ${payload}`);
  return Object.fromEntries(
    qr
      .getTags()
      .filter((tag) => tag.id !== '63')
      .map((tag) => [tag.id, tag.value]),
  );
}

const order: PaymentOrder = { id: 41, token: 'ord_tok_41', amount: parseMajor('1070.50'), description: 'คอร์สเรียน', email: 'buyer@example.com', name: 'ผู้ซื้อ' };

describe('PromptPay payloads', () => {
  it('a phone number without an amount matches the published vector 0801234567', () => {
    const published = '00020101021129370016A000000677010111011300668012345675802TH530376463046197';
    expect(tagsOf(promptPayPayload('0801234567'))).toEqual(tagsOf(published));
  });

  it('a dashed phone number with 4.22 baht matches the published vector 000-000-0000', () => {
    const published = '00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469';
    expect(tagsOf(promptPayPayload('000-000-0000', parseMajor('4.22')))).toEqual(tagsOf(published));
  });

  it('0812345678 with 100 baht is byte for byte the vector in promptparse tag order, CRC included', () => {
    expect(promptPayPayload('0812345678', parseMajor('100'))).toBe('00020101021229370016A0000006770101110113006681234567853037645802TH5406100.0063041123');
  });

  it('a 13-digit national id is a tag 29 sub-tag 02 target', () => {
    const published = '00020101021129370016A000000677010111021311111111111115802TH530376463047B5A';
    expect(tagsOf(promptPayPayload('1111111111111'))).toEqual(tagsOf(published));
  });

  it('an id that is neither a phone, a national id nor an e-wallet id is refused', () => {
    expect(() => promptPayPayload('12345')).toThrow(/not a PromptPay id/);
  });
});

describe('bank transfer', () => {
  it('each account with a PromptPay id gets a QR carrying the exact amount to pay', async () => {
    const config = {
      ...sandboxPaymentConfig(1, null),
      bankAccounts: [
        { bankName: 'KBank', accountId: '123-4-56789-0', accountName: 'Sala', promptPayId: '0812345678' },
        { bankName: 'SCB', accountId: '987-6-54321-0', accountName: 'Sala' },
      ],
    };
    const { browser, providerReference } = await bankTransferAdapter.startPayment(order, config);
    expect(providerReference).toBe('bank-transfer-41');
    expect(browser.kind).toBe('modal');
    const accounts = accountsOf(browser);
    expect(accounts[0].promptPay?.imageDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(tagsOf(accounts[0].promptPay?.payload ?? '')['54']).toBe('1070.50');
    expect(accounts[1].promptPay).toBeNull();
  });

  it('a USD order shows the accounts without a PromptPay QR', async () => {
    const { browser } = await bankTransferAdapter.startPayment({ ...order, amount: money(3000, 'USD') }, sandboxPaymentConfig(1, null));
    expect(accountsOf(browser)[0].promptPay).toBeNull();
  });

  it('has no provider notification and stays pending until staff approve the report', async () => {
    const config = sandboxPaymentConfig(1, null);
    expect((await bankTransferAdapter.verifyCallback({ headers: {}, rawBody: '{}' }, config)).ok).toBe(false);
    expect(await bankTransferAdapter.inquire('bank-transfer-41', config)).toMatchObject({ ok: true, outcome: 'pending' });
  });
});
