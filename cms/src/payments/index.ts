/** The protocol layer of payments: one adapter per method behind {@link PaymentAdapter}. */
export { getPaymentAdapter } from './registry';
export { promptPayPayload } from './promptpay';
export { OMISE_MINIMUM } from './omise';
export * from './types';
