import { createHmac } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, DEMO_KEYS, sandboxEncryptCard, submitForm, type RunningSandbox } from './index';
import { billPaymentQr, crc16, decimalToMinor, formatAmount, minorToDecimal } from './lib/formats';

const basic = (user: string, password = '') => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('amount and QR formats', () => {
  it('converts between decimal text and minor units without floating point', () => {
    expect(decimalToMinor('1234.5')).toBe(123450);
    expect(decimalToMinor(1000.0)).toBe(100000);
    expect(decimalToMinor('0.07')).toBe(7);
    expect(decimalToMinor('1.234')).toBeNull();
    expect(minorToDecimal(7)).toBe('0.07');
    expect(formatAmount(123456789, 'THB')).toBe('฿1,234,567.89');
  });

  it('CRC-16/CCITT-FALSE of "123456789" is 29B1, and a bill payment QR ends with the CRC of everything before it', () => {
    expect(crc16('123456789')).toBe('29B1');
    const payload = billPaymentQr('010556012345601', 'REF1', '100.00', undefined, 'SAL1');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
  });
});

describe('the shared sandbox behaviour', () => {
  let sandbox: RunningSandbox;
  const payPage = async (refno: string) =>
    submitForm(`${sandbox.url}/epaylink/payment.aspx`, {
      merchantid: DEMO_KEYS.paysolutions.merchantId,
      refno,
      total: '1500.00',
      cc: '00',
      productdetail: 'คอร์สภาษาไทย',
      customeremail: 'a@example.com',
      lang: 'TH',
    });

  beforeAll(async () => {
    sandbox = await createSandbox('paysolutions');
  });
  afterAll(() => sandbox.close());

  it('a hosted page is UTF-8 HTML showing the amount, the Thai description and both buttons', async () => {
    const page = await payPage('000001101010');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<meta charset="utf-8">');
    expect(page.text).toContain('฿1,500.00');
    expect(page.text).toContain('คอร์สภาษาไทย');
    expect(page.text).toMatch(/value="approve"[\s\S]*value="decline"/);
  });

  it('the control API answers 404 for an unknown payment and 409 for a settled one', async () => {
    await payPage('000001101011');
    await expect(sandbox.approve('999999999999')).rejects.toThrow(/no payment/);
    await sandbox.approve('000001101011');
    await expect(sandbox.decline('000001101011')).rejects.toThrow(/already/);
  });

  it('the buttons settle through the same code as the control API', async () => {
    await payPage('000001101012');
    const page = await submitForm(`${sandbox.url}/__sandbox/decide/000001101012`, { decision: 'approve' });
    expect(page.status).toBe(200);
    const state: unknown = await (await fetch(`${sandbox.url}/__sandbox/transactions/000001101012`)).json();
    expect(state).toMatchObject({ status: 'CP', settled: true });
  });

  it('the index page lists the payments with their amounts and status', async () => {
    const page = await (await fetch(`${sandbox.url}/`)).text();
    expect(page).toContain('000001101010');
    expect(page).toContain('฿1,500.00');
  });

  it('the PaySolutions inquiry API wants all three headers right', async () => {
    const keys = DEMO_KEYS.paysolutions;
    const ask = (headers: Record<string, string>) =>
      fetch(`${sandbox.url}/order/orderdetailpost`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ merchantId: keys.merchantId.slice(-5), orderNo: 'X', refno: '000001101011', productDetail: 'QWERTY' }),
      });
    const good = { apikey: keys.apiKey, merchantSecretKey: keys.merchantSecretKey, merchantId: keys.merchantId.slice(-5) };
    expect(((await (await ask(good)).json()) as unknown[])[0]).toMatchObject({ ReferenceNo: '000001101011', Status: 'CP', Total: 1500 });
    expect((await ask({ ...good, apikey: 'wrong' })).status).toBe(401);
    expect((await ask({ ...good, merchantId: keys.merchantId })).status).toBe(401);
  });
});

describe('2C2P sandbox', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await createSandbox('2c2p');
  });
  afterAll(() => sandbox.close());

  /** A minimal DOM: one form, inputs found by attribute selectors, hidden inputs appended. */
  function fakeDocument(values: Record<string, string>) {
    const appended: Array<{ name: string; value: string; type: string }> = [];
    const form = {
      querySelector(selector: string) {
        const encrypt = /data-encrypt="(\w+)"/.exec(selector)?.[1];
        if (encrypt) return encrypt in values ? { value: values[encrypt] } : null;
        const name = /name="(\w+)"/.exec(selector)?.[1];
        return appended.find((input) => input.name === name) ?? null;
      },
      appendChild(input: { name: string; value: string; type: string }) {
        appended.push(input);
      },
      addEventListener() {},
      submitted: false,
      submit() {
        form.submitted = true;
      },
    };
    return { appended, form, document: { getElementById: () => form, createElement: () => ({ name: '', value: '', type: '' }) } };
  }

  it('the my2c2p stand-in yields encryptedCardInfo, maskedCardInfo, expMonthCardInfo and expYearCardInfo, and posts no card number', async () => {
    const script = await (await fetch(`${sandbox.url}/SecurePayment/api/my2c2p.1.7.3.min.js`)).text();
    const { appended, form, document } = fakeDocument({ cardnumber: '4111 1111 1111 1111', month: '5', year: '2030', cvv: '123' });
    const window: { My2c2p?: { submitForm(id: string, callback: (code: number, description: string) => void): void } } = {};
    // the encryption is WebCrypto's, as in a browser: asynchronous, then the form is submitted
    runInNewContext(script, { window, document, crypto: globalThis.crypto, TextEncoder, atob, btoa });
    const errors: string[] = [];
    window.My2c2p!.submitForm('2c2p-payment-form', (_code, description) => errors.push(description));
    await vi.waitFor(() => expect(form.submitted || errors.length > 0).toBe(true));
    expect(errors).toEqual([]);
    const fields = Object.fromEntries(appended.map((input) => [input.name, input.value]));
    expect(Object.keys(fields).sort()).toEqual(['encryptedCardInfo', 'expMonthCardInfo', 'expYearCardInfo', 'maskedCardInfo']);
    expect(fields).toMatchObject({ maskedCardInfo: '411111XXXXXX1111', expMonthCardInfo: '05', expYearCardInfo: '2030' });
    expect(fields.encryptedCardInfo).not.toContain('4111111111111111');
    // sealed with the sandbox's public key: PaymentAuth, holding the private key, reads it
    expect(fields.encryptedCardInfo).toMatch(/^SBX2\./);
    expect(Buffer.from(fields.encryptedCardInfo.slice(5), 'base64').toString('latin1')).not.toContain('4111111111111111');
    const pem = await (await fetch(`${sandbox.url}/SecurePayment/api/public-key.pem`)).text();
    expect(pem).toContain('BEGIN PUBLIC KEY');
  });

  it('PaymentAuth refuses a card it cannot decrypt and a reused uniqueTransactionCode', async () => {
    const { merchantId, secretKey } = DEMO_KEYS['2c2p'];
    const request = (code: string, encCardData: string) => {
      const inner = `<PaymentRequest><merchantID>${merchantId}</merchantID><uniqueTransactionCode>${code}</uniqueTransactionCode><desc>x</desc><amt>000000010000</amt><currencyCode>764</currencyCode><encCardData>${encCardData}</encCardData></PaymentRequest>`;
      const payload = Buffer.from(inner).toString('base64');
      const signature = createHmac('sha256', secretKey).update(payload).digest('hex').toUpperCase();
      return Buffer.from(`<PaymentRequest><version>9.9</version><payload>${payload}</payload><signature>${signature}</signature></PaymentRequest>`).toString('base64');
    };
    expect((await submitForm(`${sandbox.url}/SecurePayment/PaymentAuth.aspx`, { paymentRequest: request('55501', 'garbage') })).text).toContain('encCardData');
    const card = sandboxEncryptCard({ number: '4111111111111111', month: '1', year: '2031', cvv: '123' });
    // the readable envelope of old is refused: only the public-key blob is a card
    const readable = `SBX1.${Buffer.from(JSON.stringify({ pan: '4111111111111111', month: '1', year: '2031', cvv: '123' })).toString('base64')}`;
    expect((await submitForm(`${sandbox.url}/SecurePayment/PaymentAuth.aspx`, { paymentRequest: request('55503', readable) })).text).toContain('encCardData');
    expect((await submitForm(`${sandbox.url}/SecurePayment/PaymentAuth.aspx`, { paymentRequest: request('55502', card) })).status).toBe(200);
    expect((await submitForm(`${sandbox.url}/SecurePayment/PaymentAuth.aspx`, { paymentRequest: request('55502', card) })).text).toContain('already used');
  });
});

describe('provider authentication', () => {
  const started: RunningSandbox[] = [];
  afterAll(() => Promise.all(started.map((sandbox) => sandbox.close())));
  const start = async (name: Parameters<typeof createSandbox>[0]) => {
    const sandbox = await createSandbox(name);
    started.push(sandbox);
    return sandbox;
  };

  it('Omise wants the secret key on the API and the public key on the vault', async () => {
    const omise = await start('omise');
    const charge = (key: string) => fetch(`${omise.url}/charges`, { method: 'POST', headers: { authorization: basic(key), 'content-type': 'application/json' }, body: '{}' });
    expect((await charge('skey_test_wrong')).status).toBe(401);
    expect((await charge(DEMO_KEYS.omise.publicKey)).status).toBe(401);
    expect((await charge(DEMO_KEYS.omise.secretKey)).status).toBe(400);
    const token = (key: string) => fetch(`${omise.url}/tokens`, { method: 'POST', headers: { authorization: basic(key) }, body: 'card[number]=4242424242424242' });
    expect((await token(DEMO_KEYS.omise.secretKey)).status).toBe(401);
    expect((await token(DEMO_KEYS.omise.publicKey)).status).toBe(400);
  });

  it('PayPal replays the first answer to a repeated PayPal-Request-Id', async () => {
    const paypal = await start('paypal');
    const { access_token: token } = (await (
      await fetch(`${paypal.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: basic(DEMO_KEYS.paypal.clientId, DEMO_KEYS.paypal.clientSecret) },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      })
    ).json()) as { access_token: string };
    const create = async () => {
      const response = await fetch(`${paypal.url}/v2/checkout/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'paypal-request-id': 'same-request', 'content-type': 'application/json' },
        body: JSON.stringify({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'THB', value: '10.00' } }] }),
      });
      return (await response.json()) as { id: string };
    };
    expect((await create()).id).toBe((await create()).id);
  });

  it('SCB refuses calls without resourceOwnerId and requestUId, and a token for a wrong secret', async () => {
    const scb = await start('scb');
    const token = (headers: Record<string, string>, secret: string) =>
      fetch(`${scb.url}/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ applicationKey: DEMO_KEYS.scb.applicationKey, applicationSecret: secret }),
      });
    expect((await token({}, DEMO_KEYS.scb.applicationSecret)).status).toBe(400);
    const headers = { resourceOwnerId: DEMO_KEYS.scb.applicationKey, requestUId: 'a1b2c3' };
    expect((await token(headers, 'wrong')).status).toBe(401);
    expect(await (await token(headers, DEMO_KEYS.scb.applicationSecret)).json()).toMatchObject({ status: { code: 1000 } });
  });

  it('Xendit wants the secret key', async () => {
    const xendit = await start('xendit');
    const response = await fetch(`${xendit.url}/v2/invoices/abc`, { headers: { authorization: basic('xnd_development_wrong') } });
    expect(response.status).toBe(401);
  });
});
