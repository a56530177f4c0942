/** A payment attempt as settlement and the attempt calls read it: its columns and its order with the buyer. */
import type { Currency, OrderStatus } from '@sala/shared/constants';
import type { ProviderName } from '../../../payments';

export type AttemptStatus = 'pending' | 'approved' | 'rejected' | 'review' | 'expired';

export type AttemptRow = {
  id: number;
  method_id: number;
  provider: ProviderName;
  provider_reference: string;
  provider_transaction_id: string | null;
  state: AttemptStatus;
  amount_expected: number;
  currency_expected: Currency;
  amount_received: number | null;
  currency_received: string | null;
  review_reason: string | null;
  expires_at: string | Date | null;
  order: {
    id: number;
    order_token: string;
    state: OrderStatus;
    user: { id: number; email: string | null; username: string | null; firstname?: string | null; lastname?: string | null } | null;
  } | null;
};

export const ATTEMPT_FIELDS = [
  'id',
  'method_id',
  'provider',
  'provider_reference',
  'provider_transaction_id',
  'state',
  'amount_expected',
  'currency_expected',
  'amount_received',
  'currency_received',
  'review_reason',
  'expires_at',
];

export const ATTEMPT_POPULATE = {
  order: { select: ['id', 'order_token', 'state'], populate: { user: { select: ['id', 'email', 'username', 'firstname', 'lastname'] } } },
};
