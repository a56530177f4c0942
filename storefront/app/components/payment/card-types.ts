/** Props and answers the card forms share. */
import type { PayOrder } from '~/models/payment/types';

export type CardFormProps = {
  order: PayOrder;
  /** Starts the payment with what the buyer entered. */
  start: (extra: Record<string, string>) => void;
  busy: boolean;
};

/** GET /card-setup/{methodId}: the provider script and, for Omise, the public key. */
export type CardSetupAnswer = { ok: true; setup: { methodId: 8; publicKey: string; scriptUrl: string } | { methodId: 3; scriptUrl: string; nameWeb: string | null } } | { ok: false };
