/**
 * The events of the real-time channel and their payloads. The storefront's
 * client (storefront/app/lib/realtime.client.ts) mirrors these types.
 */

/** Client to server: join the student's room. */
export const SIGN_IN_EVENT = 'signin';
/** Client to server: leave the student's room (the socket stays connected). */
export const SIGN_OUT_EVENT = 'signout';
/** Server to client: the sign-in was accepted. */
export const SIGN_IN_OK_EVENT = 'signin:ok';
/** Server to client: the sign-in was refused, or an accepted token has since expired. */
export const SIGN_IN_ERROR_EVENT = 'signin:error';
/** Server to client: the sign-out was done. */
export const SIGN_OUT_OK_EVENT = 'signout:ok';

export type SignInPayload = { userId: number | string; token: string };
export type SignInOk = { userId: number };
export type SignInError = { code: 'PERMISSION_DENIED'; reason: 'invalid_payload' | 'invalid_token' | 'user_mismatch' | 'user_blocked' | 'token_expired' };

/** `created` is an order placed (stored as notYetReceived); the others match the stored status. */
export type OrderEventStatus = 'created' | 'pendingApproved' | 'approved' | 'rejected' | 'cancelled' | 'expired';

export type OrderStatusEvent = {
  orderId: number;
  /** The order's public token, as used by /thankyou?orderId={order_token}. */
  order_token: string;
  status: OrderEventStatus;
};

export type PaymentEventStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled' | 'expired';

export type PaymentStatusEvent = {
  orderId: number;
  attemptId: number | string;
  /** The provider's short name, such as omise, xendit, 2c2p, paypal, scb, paysolutions, bank_transfer. */
  provider: string;
  status: PaymentEventStatus;
};

export type ContentKind = 'text' | 'setting' | 'course' | 'pricing-plan' | 'product' | 'promotion';

export type ContentUpdatedEvent = {
  kind: ContentKind;
  /** ISO 8601 time of the change. */
  at: string;
};

/** Events sent to one student's room. */
export type UserEvents = {
  'order:status': OrderStatusEvent;
  'payment:status': PaymentStatusEvent;
};

/** Events sent to every connected socket, signed in or not. */
export type BroadcastEvents = {
  'content:updated': ContentUpdatedEvent;
};

export type UserEventName = keyof UserEvents;
export type BroadcastEventName = keyof BroadcastEvents;

/** The room every socket of one student joins after a valid sign-in. */
export function userRoom(userId: number | string): string {
  return `user:${userId}`;
}
