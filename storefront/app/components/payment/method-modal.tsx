/**
 * The method-specific modal of a `modal` browser step: the PayPal modal (method 2). Loaded by
 * the payment screen when a start answers with a modal (ADR 210), so Chakra's Dialog stays out
 * of the page's first scripts.
 */
import { PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import { PayPalModal } from './paypal-modal';
import type { BrowserStep, PayOrder } from '~/models/payment/types';
import { withChakra } from '~/components/provider';

export type MethodModalProps = {
  methodId: number;
  browser: Extract<BrowserStep, { kind: 'modal' }>;
  order: PayOrder;
};

function MethodModal({ methodId, browser, order }: MethodModalProps) {
  if (methodId === PAYMENT_METHOD_IDS.PAYPAL) return <PayPalModal data={browser.data} order={order} />;
  return null;
}
export default withChakra(MethodModal);
