/**
 * The payment calls of the storefront (spec section 7). Thin: parse the body,
 * start or refresh through the services, shape the spec's response with an
 * explicit field list. Nothing secret is in any answer: the browser gets public
 * keys, URLs, QR images and the signed 2C2P form, never application_id_2, API
 * keys or webhook secrets.
 */
import type { Core } from '@strapi/strapi';
import { PAYMENT_METHOD_IDS as M, type PaymentMethodId } from '@sala/shared/constants';
import { toMajorString, money } from '@sala/shared/money';
import { ApiError, notFound } from '../../../lib/errors';
import type { BrowserAction, StartExtra } from '../../../payments';
import { baseUrlsOf, cmsUrlOf, readMethod, readSite, UID } from '../lib/config';
import { InstallmentLinkSchema, OmiseCardSchema, OrderPaymentSchema, parsePayload, PAYPAL_ORDER_ID, TwoC2pCardSchema } from '../lib/schemas';
import type { AttemptsService, StartedPayment } from '../services/attempts';
import type { AttemptRow } from '../lib/attempt-rows';
import type { SettlementService } from '../services/settlement';
import type { StudentCtx } from '../../../http/ctx';

/** An attempt as the storefront sees it. */
export function publicAttempt(attempt: AttemptRow) {
  return {
    attemptId: attempt.id,
    provider: attempt.provider,
    payment_method_id: attempt.method_id,
    status: attempt.state,
    expires_at: attempt.expires_at ? new Date(attempt.expires_at).toISOString() : null,
  };
}

/**
 * Where browsers load Omise.js: a sandbox origin serves its own stand-in; real Omise
 * (its vault host, or no override) serves the script from its CDN.
 */
export function omiseScriptUrl(baseUrl: string | null, production: boolean): string {
  const vault = baseUrlsOf('omise', baseUrl, production)?.vault;
  if (vault && !/(^|\.)omise\.co$/i.test(new URL(vault).hostname)) return `${vault}/omise.js`;
  return 'https://cdn.omise.co/omise.js';
}

/** Where browsers load 2C2P's card-encryption script: under the method's SecurePayment host. */
export function my2c2pScriptUrl(baseUrl: string | null, production: boolean): string {
  const secure = baseUrlsOf('2c2p', baseUrl, production)?.secure ?? (production ? 'https://t.2c2p.com/SecurePayment' : 'https://demo2.2c2p.com/2C2PFrontEnd/SecurePayment');
  return `${secure.replace(/\/+$/, '')}/api/my2c2p.1.6.9.min.js`;
}

function browserOf<K extends BrowserAction['kind']>(browser: BrowserAction, kind: K): Extract<BrowserAction, { kind: K }> {
  if (browser.kind !== kind) throw new Error(`expected a ${kind} browser step, got ${browser.kind}`);
  return browser as Extract<BrowserAction, { kind: K }>;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const attempts = () => strapi.service('api::payment.attempts') as AttemptsService;
  const settlement = () => strapi.service('api::payment.settlement') as SettlementService;

  async function start(ctx: StudentCtx, orderId: number, methods: readonly PaymentMethodId[], extra?: StartExtra): Promise<StartedPayment> {
    return attempts().start({ userId: ctx.state.student.id, orderId, methods, extra, cmsUrl: cmsUrlOf(strapi, ctx.origin) });
  }

  async function publicKeyOf(ctx: StudentCtx, methodId: PaymentMethodId) {
    const method = await readMethod(strapi, { method_id: methodId });
    if (!method || method.enabled === false || !method.application_id_1) throw notFound();
    const site = await readSite(strapi);
    ctx.body = { success: true, publicKey: method.application_id_1, scriptUrl: omiseScriptUrl(method.base_url, site.is_production_mode === true) };
  }

  return {
    /** POST /api/payment/2c2p/payment/link (card, or installments for an installment order): `{ success, result: { webPaymentUrl } }`. */
    async twoC2pLink(ctx: StudentCtx) {
      const body = parsePayload(InstallmentLinkSchema, ctx.request.body);
      const started = await start(ctx, body.orderId, [M.TWOC2P_CARD, M.TWOC2P_INSTALLMENT], { installmentPeriod: body.installmentPeriod });
      ctx.body = { success: true, result: { webPaymentUrl: browserOf(started.start.browser, 'redirect').url }, attempt: publicAttempt(started.attempt) };
    },

    /** POST /api/payment/2c2p/installment/link: the same for method 10 only. */
    async twoC2pInstallmentLink(ctx: StudentCtx) {
      const body = parsePayload(InstallmentLinkSchema, ctx.request.body);
      const started = await start(ctx, body.orderId, [M.TWOC2P_INSTALLMENT], { installmentPeriod: body.installmentPeriod });
      ctx.body = { success: true, result: { webPaymentUrl: browserOf(started.start.browser, 'redirect').url }, attempt: publicAttempt(started.attempt) };
    },

    /** POST /api/payment/2c2p/qr-code/link: the PromptPay QR of method 15, shown on our page (no 2C2P page to send the buyer to). */
    async twoC2pQrLink(ctx: StudentCtx) {
      const body = parsePayload(OrderPaymentSchema, ctx.request.body);
      const started = await start(ctx, body.orderId, [M.TWOC2P_QR]);
      const qr = browserOf(started.start.browser, 'qr');
      ctx.body = { success: true, result: { qrImage: qr.imageDataUrl, expiresAt: qr.expiresAt }, attempt: publicAttempt(started.attempt) };
    },

    /**
     * POST /api/payment/2c2p/creditcard: the 9.9 hand-off of the /creditcard/{orderId}
     * screen. The card arrives encrypted by my2c2p; the request is signed here and the
     * browser only auto-posts `paymentRequest` to `action`.
     */
    async twoC2pCard(ctx: StudentCtx) {
      const body = parsePayload(TwoC2pCardSchema, ctx.request.body);
      const started = await start(ctx, body.orderId, [M.TWOC2P_CARD], { encryptedCardInfo: body.encryptedCardInfo, cardholderName: body.cardholderName });
      const form = browserOf(started.start.browser, 'form');
      ctx.body = {
        success: true,
        result: { action: form.action, fields: { paymentRequest: form.fields.paymentRequest }, paymentRequest: form.fields.paymentRequest },
        attempt: publicAttempt(started.attempt),
      };
    },

    /** POST /api/payment/scb/qrcode/create: `{ status: { code: 1000 }, data: { qrImage, csExtExpiryTime } }` as SCB answers. */
    async scbQr(ctx: StudentCtx) {
      const body = parsePayload(OrderPaymentSchema, ctx.request.body);
      const started = await start(ctx, body.orderId, [M.SCB_QR]);
      const qr = browserOf(started.start.browser, 'qr');
      const minutes = qr.expiresAt ? Math.max(0, Math.round((new Date(qr.expiresAt).getTime() - Date.now()) / 60_000)) : null;
      ctx.body = {
        success: true,
        status: { code: 1000, description: 'Success' },
        data: {
          qrImage: qr.imageDataUrl.replace(/^data:image\/\w+;base64,/, ''),
          qrRawData: qr.payload ?? null,
          csExtExpiryTime: minutes === null ? null : String(minutes),
          expiresAt: qr.expiresAt,
        },
        attempt: publicAttempt(started.attempt),
      };
    },

    /** GET /api/omise/creditcard/applicationid (public): the public key Omise.js needs, nothing else. */
    async omiseCardKey(ctx: StudentCtx) {
      await publicKeyOf(ctx, M.OMISE_CARD);
    },

    /** GET /api/omise/promptpay/applicationid (public). */
    async omisePromptPayKey(ctx: StudentCtx) {
      await publicKeyOf(ctx, M.OMISE_PROMPTPAY);
    },

    /**
     * POST /api/omise/creditcard: charges the Omise.js token for the order's amount.
     * A charge settled at once is settled here too; one that needs 3-D Secure is
     * pending with its `authorize_uri`; a failed one answers payment_fail.
     */
    async omiseCard(ctx: StudentCtx) {
      const body = parsePayload(OmiseCardSchema, ctx.request.body);
      const started = await start(ctx, body.orderId, [M.OMISE_CARD], { token: body.omise_token });
      const answer = await started.adapter.inquire(started.attempt.provider_reference, started.config);
      if (answer.ok) await settlement().settle(started.attempt.id, answer);
      const charge = (answer.ok ? answer.raw : {}) as { id?: string; status?: string; authorize_uri?: string | null; card?: { last_digits?: string; bank?: string } | null };
      if (charge.status === 'failed') {
        throw new ApiError(402, 'payment_fail', undefined, { title_key: 'cart_fail', result: { status: 'failed', charges: { id: started.attempt.provider_reference } } });
      }
      const browser = browserOf(started.start.browser, 'redirect');
      ctx.body = {
        success: true,
        status: charge.status ?? 'pending',
        chargesDetails: { last_digits: charge.card?.last_digits ?? null, bank: charge.card?.bank ?? null },
        charges: { id: started.attempt.provider_reference, authorize_uri: charge.status === 'pending' ? (charge.authorize_uri ?? browser.url) : null },
        attempt: publicAttempt((await settlement().readAttempt({ id: started.attempt.id })) ?? started.attempt),
      };
    },

    /** POST /api/omise/promptpay: the PromptPay QR of a pending charge, as `QrcodeUrl.image.download_uri` (a data: URL; the browser never calls Omise). */
    async omisePromptPay(ctx: StudentCtx) {
      const body = parsePayload(OrderPaymentSchema, ctx.request.body);
      const started = await start(ctx, body.orderId, [M.OMISE_PROMPTPAY]);
      const qr = browserOf(started.start.browser, 'qr');
      ctx.body = {
        success: true,
        status: 'pending',
        charges: { id: started.attempt.provider_reference },
        QrcodeUrl: { image: { download_uri: qr.imageDataUrl } },
        expiresAt: qr.expiresAt,
        attempt: publicAttempt(started.attempt),
      };
    },

    /** POST /api/xendit: the invoice page the browser is sent to (`data.invoice_url`). Redirect URLs sent by the browser are ignored. */
    async xenditInvoice(ctx: StudentCtx) {
      const body = parsePayload(OrderPaymentSchema, ctx.request.body);
      const started = await start(ctx, body.orderId, [M.XENDIT_INVOICE]);
      ctx.body = {
        success: true,
        data: { id: started.attempt.provider_reference, invoice_url: browserOf(started.start.browser, 'redirect').url },
        attempt: publicAttempt(started.attempt),
      };
    },

    /** POST /api/xendit/promptpay: the PromptPay QR of a Xendit payment request. */
    async xenditPromptPay(ctx: StudentCtx) {
      const body = parsePayload(OrderPaymentSchema, ctx.request.body);
      const started = await start(ctx, body.orderId, [M.XENDIT_PROMPTPAY]);
      const qr = browserOf(started.start.browser, 'qr');
      ctx.body = {
        success: true,
        data: { id: started.attempt.provider_reference, qrImage: qr.imageDataUrl, qr_string: qr.payload ?? null, expiresAt: qr.expiresAt },
        attempt: publicAttempt(started.attempt),
      };
    },

    /** POST /api/paysolutions: the merchant id, the order's courses and the pay-page form the browser posts. */
    async paySolutions(ctx: StudentCtx) {
      const body = parsePayload(OrderPaymentSchema, ctx.request.body);
      const started = await start(ctx, body.orderId, [M.PAYSOLUTIONS]);
      const form = browserOf(started.start.browser, 'form');
      const lines = (await strapi.db.query('api::order-line.order-line').findMany({
        where: { order: { id: started.order.id } },
        select: ['id'],
        populate: { course: { select: ['id'] } },
        orderBy: { id: 'asc' },
      })) as { course?: { id: number } | null }[];
      ctx.body = {
        success: true,
        data: {
          application_id_1: started.method.application_id_1 ?? '',
          course_ids: lines.flatMap((line) => (line.course ? [line.course.id] : [])),
          action: form.action,
          fields: form.fields,
        },
        attempt: publicAttempt(started.attempt),
      };
    },

    /** GET /api/payments/methods/3 (public): the card provider's merchant id and the website name. The signing key stays here (ADR 041). */
    async methodThree(ctx: StudentCtx) {
      const method = await readMethod(strapi, { method_id: M.TWOC2P_CARD });
      if (!method || method.enabled === false) throw notFound();
      const site = await readSite(strapi);
      ctx.body = {
        success: true,
        application_id_1: method.application_id_1 ?? '',
        name_web: method.name_web ?? method.name,
        scriptUrl: my2c2pScriptUrl(method.base_url, site.is_production_mode === true),
      };
    },

    /** POST /api/paypal/orders: the PayPal order the PayPal button approves (`id`), created on the server for the order's amount. */
    async paypalCreate(ctx: StudentCtx) {
      const body = parsePayload(OrderPaymentSchema, ctx.request.body);
      const started = await start(ctx, body.orderId, [M.PAYPAL]);
      const modal = browserOf(started.start.browser, 'modal');
      ctx.body = {
        success: true,
        id: started.attempt.provider_reference,
        status: 'CREATED',
        clientId: modal.data.clientId,
        currency: modal.data.currency,
        approveUrl: modal.data.approveUrl ?? null,
        attempt: publicAttempt(started.attempt),
      };
    },

    /** POST /api/paypal/orders/:id/capture: captures the caller's approved PayPal order on the server; only a COMPLETED capture of the order's amount approves it. */
    async paypalCapture(ctx: StudentCtx) {
      const paypalOrderId = ctx.params.id ?? '';
      if (!PAYPAL_ORDER_ID.test(paypalOrderId)) throw notFound();
      const attempt = await attempts().findOwnAttempt(ctx.state.student.id, { provider: 'paypal', provider_reference: paypalOrderId });
      const handled = await settlement().handleNotification('paypal', { headers: {}, rawBody: '', body: { orderID: paypalOrderId } }, cmsUrlOf(strapi, ctx.origin));
      const fresh = (await settlement().readAttempt({ id: attempt.id })) ?? attempt;
      if (fresh.state === 'rejected' || fresh.state === 'expired') {
        throw new ApiError(402, 'payment_fail', undefined, { title_key: 'cart_fail', result: { id: paypalOrderId, status: 'DECLINED' } });
      }
      if (!handled.settled && fresh.state === 'pending' && handled.reply.status >= 500) {
        throw new ApiError(502, 'payment_fail', undefined, { title_key: 'cart_fail' });
      }
      ctx.body = {
        success: true,
        id: paypalOrderId,
        status: fresh.state === 'approved' ? 'COMPLETED' : fresh.state === 'review' ? 'REVIEW' : 'PENDING',
        orderId: fresh.order?.id ?? null,
        payment_status: fresh.order?.state ?? null,
        attempt: publicAttempt(fresh),
      };
    },

    /** POST /api/payment/bank-transfer: the accounts to transfer to, each with a PromptPay QR of the exact amount where it has a PromptPay id. */
    async bankTransfer(ctx: StudentCtx) {
      const body = parsePayload(OrderPaymentSchema, ctx.request.body);
      const started = await start(ctx, body.orderId, [M.BANK_TRANSFER]);
      const modal = browserOf(started.start.browser, 'modal');
      const accounts = (modal.data.accounts as Array<{ bankName: string; accountId: string; accountName: string; promptPay: { payload: string; imageDataUrl: string } | null }>).map((account) => ({
        bank_name: account.bankName,
        account_id: account.accountId,
        account_name: account.accountName,
        prompt_pay: account.promptPay ? { payload: account.promptPay.payload, image: account.promptPay.imageDataUrl } : null,
      }));
      ctx.body = {
        success: true,
        data: { amount: toMajorString(money(started.order.amount, started.order.currency)), currency_code: started.order.currency, accounts },
        attempt: publicAttempt(started.attempt),
      };
    },

    /** GET /private/orders/:orderId/payment-status: asks the providers about the order's pending attempts (the storefront polls every 6 s). */
    async orderPaymentStatus(ctx: StudentCtx) {
      const orderId = /^\d{1,15}$/.test(ctx.params.orderId ?? '') ? Number(ctx.params.orderId) : 0;
      if (!orderId) throw notFound();
      const userId = ctx.state.student.id;
      const before = await attempts().listOwnAttempts(userId, orderId);
      const cmsUrl = cmsUrlOf(strapi, ctx.origin);
      for (const attempt of before.attempts) if (attempt.state === 'pending') await settlement().refresh(attempt.id, cmsUrl);
      const after = await attempts().listOwnAttempts(userId, orderId);
      ctx.body = { success: true, orderId: after.order.id, payment_status: after.order.state, attempts: after.attempts.map(publicAttempt) };
    },

    /** POST /api/payments/attempts/:attemptId/refresh: the same for one attempt of the caller's. */
    async refreshAttempt(ctx: StudentCtx) {
      const attemptId = /^\d{1,15}$/.test(ctx.params.attemptId ?? '') ? Number(ctx.params.attemptId) : 0;
      if (!attemptId) throw notFound();
      const userId = ctx.state.student.id;
      const attempt = await attempts().findOwnAttempt(userId, { id: attemptId });
      await settlement().refresh(attempt.id, cmsUrlOf(strapi, ctx.origin));
      const fresh = await attempts().findOwnAttempt(userId, { id: attemptId });
      const order = (await strapi.db.query(UID.order).findOne({ where: { id: fresh.order?.id }, select: ['state'] })) as { state: string } | null;
      ctx.body = { success: true, attempt: publicAttempt(fresh), payment_status: order?.state ?? null };
    },
  };
};
