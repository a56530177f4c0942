/**
 * What providers and returning browsers send us (public routes). Notifications
 * are verified by the adapter over the raw body and answered with the adapter's
 * reply (SCB wants its own JSON); browser returns settle the same way, then send
 * the buyer to the storefront: the thank-you page once the order is approved
 * (when the shop uses it; never for PayPal, whose spec'd flow ends on the order
 * list, ADR 176), otherwise the order list, which shows the payment-failed
 * notice when the order's newest payment attempt was declined (ADR 136).
 */
import type { Core } from '@strapi/strapi';
import type { CallbackRequest, ProviderName } from '../../../payments';
import type { AttemptsService } from '../services/attempts';
import type { SettlementService } from '../services/settlement';
import { storefrontUrl } from '../../../lib/paths';
import { cmsUrlOf, readSite, UID } from '../lib/config';
import type { Ctx } from '../../../http/ctx';

const UNPARSED = Symbol.for('unparsedBody');

/** The request as the adapter needs it: headers, the raw body exactly as it arrived, the parsed body and the query. */
function callbackRequest(ctx: Ctx): CallbackRequest {
  const body = ctx.request.body as (Record<string | symbol, unknown> & object) | undefined;
  const raw = body && typeof body === 'object' ? body[UNPARSED] : undefined;
  const parsed = body && typeof body === 'object' && Object.keys(body).length > 0 ? { ...body } : undefined;
  return {
    headers: ctx.request.headers,
    rawBody: typeof raw === 'string' ? raw : '',
    body: parsed,
    query: ctx.query as CallbackRequest['query'],
  };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const settlement = () => strapi.service('api::payment.settlement') as SettlementService;
  const attempts = () => strapi.service('api::payment.attempts') as AttemptsService;

  /** True when the newest payment attempt of the order was declined by its provider. */
  async function newestAttemptDeclined(orderId: number): Promise<boolean> {
    const newest = (await strapi.db.query(UID.attempt).findOne({
      where: { order: { id: orderId } },
      select: ['id', 'state'],
      orderBy: { id: 'desc' },
    })) as { id: number; state: string } | null;
    return newest?.state === 'rejected';
  }

  /**
   * Where the buyer goes after a provider's page. A PayPal payment captured in full goes to the
   * order list whatever the thank-you page setting says (spec section 4, docs/decisions/176).
   */
  async function sendBuyerBack(ctx: Ctx, orderId: number | null, provider?: ProviderName): Promise<void> {
    const storefront = storefrontUrl();
    const order = orderId
      ? ((await strapi.db.query(UID.order).findOne({ where: { id: orderId }, select: ['id', 'state', 'order_token'] })) as { id: number; state: string; order_token: string } | null)
      : null;
    const site = await readSite(strapi);
    ctx.status = 303;
    if (order?.state === 'approved' && site.is_thank_you_page && provider !== 'paypal') {
      ctx.redirect(`${storefront}/thankyou?orderId=${encodeURIComponent(order.order_token)}`);
    } else if (order && order.state !== 'approved' && (await newestAttemptDeclined(order.id))) {
      // the order list shows the failure notice after checking the order with the signed-in student's own call
      ctx.redirect(`${storefront}/myaccount/student/order?payment=failed&order=${order.id}`);
    } else {
      ctx.redirect(`${storefront}/myaccount/student/order`);
    }
  }

  function notify(provider: ProviderName) {
    return async (ctx: Ctx) => {
      const handled = await settlement().handleNotification(provider, callbackRequest(ctx), cmsUrlOf(strapi, ctx.origin));
      ctx.status = handled.reply.status;
      ctx.type = handled.reply.contentType;
      ctx.body = handled.reply.body;
    };
  }

  /**
   * A browser back from a provider's page: PayPal names its order (the server
   * captures it), the others only the order token; the order's pending attempts
   * with that provider are then asked about.
   */
  function browserReturn(provider: ProviderName) {
    return async (ctx: Ctx) => {
      const cmsUrl = cmsUrlOf(strapi, ctx.origin);
      let orderId: number | null = null;
      try {
        const token = typeof ctx.query.order === 'string' ? ctx.query.order : '';
        const order = token ? await attempts().findOrderByToken(token) : null;
        orderId = order?.id ?? null;
        if (provider === 'paypal' && typeof ctx.query.token === 'string') {
          const handled = await settlement().handleNotification('paypal', { headers: {}, rawBody: '', query: { token: ctx.query.token } }, cmsUrl);
          orderId = handled.attempt?.order?.id ?? orderId;
        } else if (order) {
          const pending = (await strapi.db.query(UID.attempt).findMany({
            where: { order: { id: order.id }, provider, state: 'pending' },
            select: ['id'],
          })) as { id: number }[];
          for (const attempt of pending) await settlement().refresh(attempt.id, cmsUrl);
        }
      } catch (error) {
        // The buyer still goes back to the shop; the notification or the next poll settles the payment.
        strapi.log.warn(`[payment] ${provider} return could not be settled: ${(error as Error).message}`);
      }
      await sendBuyerBack(ctx, orderId, provider);
    };
  }

  return {
    twoC2pNotify: notify('2c2p'),
    omiseNotify: notify('omise'),
    xenditNotify: notify('xendit'),
    paySolutionsNotify: notify('paysolutions'),
    scbNotify: notify('scb'),

    /** POST /api/payments/2c2p/result: the browser's paymentResponse (9.9 signed, v4.3 a hint settled by inquiry). */
    async twoC2pResult(ctx: Ctx) {
      let orderId: number | null = null;
      try {
        const handled = await settlement().handleNotification('2c2p', callbackRequest(ctx), cmsUrlOf(strapi, ctx.origin));
        orderId = handled.attempt?.order?.id ?? null;
      } catch (error) {
        strapi.log.warn(`[payment] 2c2p result could not be settled: ${(error as Error).message}`);
      }
      await sendBuyerBack(ctx, orderId);
    },

    omiseReturn: browserReturn('omise'),
    xenditReturn: browserReturn('xendit'),
    paySolutionsReturn: browserReturn('paysolutions'),
    paypalReturn: browserReturn('paypal'),
  };
};
