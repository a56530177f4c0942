/**
 * After a payment that did not go through (ADR 178): the one-click retry, and the hosted
 * payment link that could not be made. The retry names only the order; the CMS answers the
 * order to pay now: the same one while it still waits for its payment, else a new order with
 * the stored selections, priced again (`POST /private/orders/:orderId/retry`).
 */
import { redirect } from '@remix-run/node';
import { PAYMENT_METHOD_IDS as M } from '@sala/shared/constants';
import type { Translate } from '@sala/shared/texts';
import type { Locale } from '~/models/i18n';
import { z } from 'zod';
import { paymentFailedPath } from '~/models/checkout/post-order';
import { orderErrorMessage } from './checkout-order.server';
import { CmsApiError, postJson, type CallOptions } from './cms.server';
import { commitSession, type AppSession } from './session.server';

const RetryResponseSchema = z.looseObject({ success: z.literal(true), orderId: z.number().int().positive(), reused: z.boolean() });

/** The methods that hand the browser to a provider's hosted payment link (2C2P installments, the Xendit invoice). */
export const HOSTED_LINK_METHOD_IDS: readonly number[] = [M.TWOC2P_INSTALLMENT, M.XENDIT_INVOICE];

/** The answer of `intent=retry` when the CMS refused: the reason, in the buyer's language. */
export type RetryRefusal = { intent: 'retry'; ok: false; message: string };

/**
 * The retry of the student's own order: a redirect to the payment of the order to pay now,
 * or the CMS's refusal in words (a seat gone, a coupon used up, an order already paid).
 * Someone else's order is the CMS's 404, thrown as it is.
 */
export async function retryOrder(orderId: number, options: CallOptions & { jwt: string; locale: Locale }, t: Translate, headers: HeadersInit): Promise<Response | RetryRefusal> {
  try {
    const answer = await postJson(`/private/orders/${orderId}/retry`, RetryResponseSchema, {}, options);
    return redirect(`/pay/${answer.orderId}`, { headers });
  } catch (error) {
    if (!(error instanceof CmsApiError) || error.status === 404 || error.status >= 500) throw error;
    const message = error.code === 'ORDER_STATE_CONFLICT' ? t('payment_order_not_payable') : orderErrorMessage(error, t);
    return { intent: 'retry', ok: false, message };
  }
}

/**
 * A hosted payment link that could not be made: spec section 8 sends the buyer to the order list,
 * which shows the failure notice for this order once (the session remembers it for one read).
 */
export async function leaveForOrderList(session: AppSession, orderId: number, headers: Record<string, string>): Promise<Response> {
  session.flash('paymentFailed', orderId);
  return redirect(paymentFailedPath(orderId), { headers: { ...headers, 'Set-Cookie': await commitSession(session) } });
}
