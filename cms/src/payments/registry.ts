/** The adapter of each payment method id of the spec. */
import { PAYMENT_METHOD_IDS, type PaymentMethodId } from '@sala/shared/constants';
import { bankTransferAdapter } from './bank-transfer';
import { omiseCardAdapter, omisePromptPayAdapter } from './omise';
import { paypalAdapter } from './paypal';
import { paySolutionsAdapter } from './paysolutions';
import { scbQrAdapter } from './scb';
import { twoC2pCardAdapter, twoC2pInstallmentAdapter, twoC2pQrAdapter } from './twoc2p';
import { PaymentError, type PaymentAdapter } from './types';
import { xenditInvoiceAdapter, xenditPromptPayAdapter } from './xendit';

const ADAPTERS: Readonly<Record<PaymentMethodId, PaymentAdapter>> = {
  [PAYMENT_METHOD_IDS.BANK_TRANSFER]: bankTransferAdapter,
  [PAYMENT_METHOD_IDS.PAYPAL]: paypalAdapter,
  [PAYMENT_METHOD_IDS.TWOC2P_CARD]: twoC2pCardAdapter,
  [PAYMENT_METHOD_IDS.SCB_QR]: scbQrAdapter,
  [PAYMENT_METHOD_IDS.OMISE_CARD]: omiseCardAdapter,
  [PAYMENT_METHOD_IDS.OMISE_PROMPTPAY]: omisePromptPayAdapter,
  [PAYMENT_METHOD_IDS.TWOC2P_INSTALLMENT]: twoC2pInstallmentAdapter,
  [PAYMENT_METHOD_IDS.XENDIT_INVOICE]: xenditInvoiceAdapter,
  [PAYMENT_METHOD_IDS.XENDIT_PROMPTPAY]: xenditPromptPayAdapter,
  [PAYMENT_METHOD_IDS.PAYSOLUTIONS]: paySolutionsAdapter,
  [PAYMENT_METHOD_IDS.TWOC2P_QR]: twoC2pQrAdapter,
};

/** The adapter of a method id; ids may come as text ('0001' is bank transfer). Throws for an unknown id. */
export function getPaymentAdapter(methodId: number | string): PaymentAdapter {
  const id = typeof methodId === 'string' && /^\d+$/.test(methodId.trim()) ? Number(methodId) : methodId;
  const adapter = typeof id === 'number' ? (ADAPTERS as Record<number, PaymentAdapter | undefined>)[id] : undefined;
  if (!adapter) throw new PaymentError('MISCONFIGURED', `no payment adapter for method ${String(methodId)}`);
  return adapter;
}
