/**
 * The mails of settlement, in Thai with the editors' texts: the buyer's confirmation once a payment
 * approved the order, and the shop's notice when a payment waits for review.
 * Each is queued in the outbox (ADR 199) only by the one call that made the transition, after it committed.
 */
import type { Core } from '@strapi/strapi';
import type { Currency } from '@sala/shared/constants';
import { formatMoney, money } from '@sala/shared/money';
import type { TextKey } from '@sala/shared/texts';
import { translatorFor } from '../../../lib/texts';
import type { MailAttachment } from '../../../mail/mail-outbox';
import type { MailOutboxService } from '../../mail/services/outbox';

export type PaidMail = {
  to: string;
  name: string;
  orderId: number;
  methodName: string;
  amount: number;
  currency: Currency;
  reference: string;
  site: string;
  /** The order's VAT lines (lib/order-vat), shown above the amount. */
  vatLines?: [TextKey, string][];
  /** The order's receipt or tax invoice (ADR 189), when it has one: printed when the mail is sent. */
  attachment?: MailAttachment | null;
};

export type ReviewMail = {
  orderId: number;
  provider: string;
  reference: string;
  reason: ReviewReason;
  expected: { amount: number; currency: Currency };
  received: { amount: number; currency: string } | null;
  site: string;
};

export type ReviewReason = 'amount_mismatch' | 'currency_missing' | 'order_already_paid' | 'order_rejected' | 'order_not_approvable';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function render(lines: string[]): { text: string; html: string } {
  return {
    text: lines.join('\n'),
    html: lines.map((line) => (line === '' ? '<br>' : `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`)).join('\n'),
  };
}

function amountText(amount: number, currency: string): string {
  return currency === 'THB' || currency === 'USD' ? formatMoney(money(amount, currency), 'th') : `${amount} ${currency}`;
}

/** Where shop notices go: SHOP_EMAIL, else the mail plugin's reply-to address. */
function shopAddress(strapi: Core.Strapi): string | null {
  const configured = process.env.SHOP_EMAIL?.trim();
  if (configured) return configured;
  const replyTo = strapi.config.get('plugin::email.settings.defaultReplyTo') as string | undefined;
  return replyTo?.trim() || null;
}

async function send(strapi: Core.Strapi, message: { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] }, what: string): Promise<void> {
  try {
    await (strapi.service('api::mail.outbox') as MailOutboxService).queue(what, message);
  } catch (error) {
    // The payment is settled either way; a mail that cannot even be queued must not undo it.
    strapi.log.error(`[payment] ${what} mail to ${message.to} was not queued: ${(error as Error).message}`);
  }
}

export async function sendPaidMail(strapi: Core.Strapi, mail: PaidMail): Promise<void> {
  const th = await translatorFor(strapi, 'th');
  const body = render([
    th('mail_payment_greeting', { name: mail.name }),
    '',
    th('mail_online_payment_body', { method: mail.methodName }),
    '',
    `${th('mail_payment_order_label')}: ${mail.orderId}`,
    ...(mail.vatLines ?? []).map(([label, value]) => `${th(label)}: ${value}`),
    `${th('mail_payment_amount_label')}: ${amountText(mail.amount, mail.currency)}`,
    `${th('mail_online_payment_reference_label')}: ${mail.reference}`,
    '',
    th('mail_signature', { site: mail.site }),
  ]);
  await send(
    strapi,
    { to: mail.to, subject: th('mail_online_payment_subject', { orderId: mail.orderId }), ...body, ...(mail.attachment ? { attachments: [mail.attachment] } : {}) },
    'payment-confirmation',
  );
}

export async function sendReviewMail(strapi: Core.Strapi, mail: ReviewMail): Promise<void> {
  const to = shopAddress(strapi);
  if (!to) {
    strapi.log.warn(`[payment] order ${mail.orderId}: payment ${mail.reference} waits for review (no shop address to tell)`);
    return;
  }
  const th = await translatorFor(strapi, 'th');
  const body = render([
    th('mail_payment_review_body', { provider: mail.provider, reference: mail.reference }),
    '',
    `${th('mail_payment_order_label')}: ${mail.orderId}`,
    `${th('mail_payment_review_reason_label')}: ${th(`payment_review_${mail.reason}`)}`,
    `${th('mail_payment_amount_label')}: ${amountText(mail.expected.amount, mail.expected.currency)}`,
    ...(mail.received ? [`${th('mail_payment_received_label')}: ${amountText(mail.received.amount, mail.received.currency)}`] : []),
    '',
    th('mail_signature', { site: mail.site }),
  ]);
  await send(strapi, { to, subject: th('mail_payment_review_subject', { orderId: mail.orderId }), ...body }, 'payment-review');
}
