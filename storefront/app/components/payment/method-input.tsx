/**
 * What a payment method needs from the buyer before it can start: the card of the Omise
 * card (method 8, tokenised by Omise.js) and of the 2C2P card (method 3, encrypted by
 * my2c2p and handed over at /creditcard/{orderId}). Methods that need nothing go straight
 * to the payment screen.
 */
import { PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import { TwoC2pCardForm } from './card-2c2p';
import { OmiseCardForm } from './card-omise';
import type { PayOrder } from '~/models/payment/types';

const INPUT_METHODS: readonly number[] = [PAYMENT_METHOD_IDS.OMISE_CARD, PAYMENT_METHOD_IDS.TWOC2P_CARD];

/** True when `methodId` asks the buyer for something before its payment starts. */
export function needsInput(methodId: number | null): boolean {
  return methodId !== null && INPUT_METHODS.includes(methodId);
}

export type MethodInputProps = {
  methodId: number;
  order: PayOrder;
  /** Starts the payment with what the buyer entered (e.g. `{ token }` or `{ encryptedCardInfo }`). */
  start: (extra: Record<string, string>) => void;
  busy: boolean;
};

export function MethodInput({ methodId, order, start, busy }: MethodInputProps) {
  if (methodId === PAYMENT_METHOD_IDS.OMISE_CARD) return <OmiseCardForm order={order} start={start} busy={busy} />;
  if (methodId === PAYMENT_METHOD_IDS.TWOC2P_CARD) return <TwoC2pCardForm order={order} start={start} busy={busy} />;
  return null;
}
