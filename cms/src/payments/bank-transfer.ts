/**
 * Method 1, bank transfer. There is no provider: the buyer transfers and files
 * a payment report that staff approve. We show the accounts, and for each one
 * with a PromptPay id a QR that already carries the exact amount.
 */
import { PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import { toMajorString } from '@sala/shared/money';
import { refuse } from './callback';
import { promptPayPayload, qrDataUrl } from './promptpay';
import { PaymentError, type PaymentAdapter } from './types';

export const bankTransferAdapter: PaymentAdapter = {
  methodId: PAYMENT_METHOD_IDS.BANK_TRANSFER,
  provider: 'bank-transfer',

  async startPayment(order, config) {
    const accounts = config.bankAccounts ?? [];
    if (accounts.length === 0) throw new PaymentError('MISCONFIGURED', 'bank transfer has no bank account');
    const withQr = order.amount.currency === 'THB';
    const shown = await Promise.all(
      accounts.map(async ({ bankName, accountId, accountName, branch, promptPayId }) => {
        const payload = withQr && promptPayId ? promptPayPayload(promptPayId, order.amount) : null;
        return {
          bankName,
          accountId,
          accountName,
          branch: branch ?? null,
          promptPay: payload ? { payload, imageDataUrl: await qrDataUrl(payload) } : null,
        };
      }),
    );
    return {
      providerReference: `bank-transfer-${order.id}`,
      browser: { kind: 'modal', data: { amount: toMajorString(order.amount), currency: order.amount.currency, accounts: shown } },
    };
  },

  async verifyCallback() {
    return refuse('bank transfer has no provider notification; it settles through an approved payment report', {
      status: 404,
      contentType: 'text/plain',
      body: 'not found',
    });
  },

  referenceOf: () => null,

  async inquire(providerReference) {
    return { ok: true, providerReference, outcome: 'pending', amount: null, providerTransactionId: null, raw: null };
  },
};
