/**
 * The bank-transfer mails, in Thai with the editors' texts: the notification a student sends after filing a
 * report (to the student and to the shop), and the outcome of the review (to the
 * student). Every figure comes from the stored order and report, never from the
 * request, so the mail cannot be used to send someone a made-up amount.
 */
import type { Core } from '@strapi/strapi';
import type { Currency } from '@sala/shared/constants';
import { formatMoney, money } from '@sala/shared/money';
import type { TextKey, Translate } from '@sala/shared/texts';
import { ApiError, conflict, notFound, tooManyRequests } from '../../../lib/errors';
import { storefrontUrl } from '../../../lib/paths';
import { translatorFor } from '../../../lib/texts';
import { ORDER_VAT_FIELDS, orderVatLines, type OrderVatRow } from '../../../lib/order-vat';
import { ORDER_OWNER_FIELDS, UID, fullName, type OrderOwner } from './report';
import type { MailAttachment } from '../../../mail/mail-outbox';
import type { MailOutboxService } from '../../mail/services/outbox';

const DEFAULT_SHOP_EMAIL = 'shop@sala.local';
const DEFAULT_SITE_NAME = 'Sala';
/** One notification per order in this window: the client sends it once after a report. */
const DEFAULT_MAIL_INTERVAL_MS = 60_000;
const BANGKOK_OFFSET_MS = 7 * 3600_000;

type ReportRow = {
  id: number;
  state: string;
  contact_name: string | null;
  email: string | null;
  tel: string | null;
  bank_code: string | null;
  transfer_datetime: string | Date | null;
  transfer_amount: number | null;
  description: string | null;
  bank_account?: { account_id: string | null; account_name: string | null; bank_name: string | null } | null;
  slip?: { name: string }[] | null;
};

type OrderRow = OrderVatRow & { id: number; state: string; order_token: string; net: number; currency_code: Currency; user?: OrderOwner | null };

type Line = [label: TextKey, value: string | null | undefined];

type Mail = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A stored UTC instant as the Thai date and time the buyer entered ('2026-11-25 10:00:00'). */
export function thaiDateTime(value: string | Date | null | undefined): string | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return null;
  const local = new Date(ms + BANGKOK_OFFSET_MS).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
}

function compose(t: Translate, to: string, subject: string, greeting: string | null, paragraphs: string[], lines: Line[], signature: string): Mail {
  const shown = lines.filter((line): line is [TextKey, string] => Boolean(line[1]));
  const text = [greeting, ...paragraphs, '', ...shown.map(([label, value]) => `${t(label)}: ${value}`), '', signature].filter((part) => part !== null).join('\n');
  const html = [
    greeting ? `<p>${escapeHtml(greeting)}</p>` : '',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<table cellpadding="4">',
    ...shown.map(([label, value]) => `<tr><th align="left">${escapeHtml(t(label))}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const lastSent = new Map<number, number>();

  const shopEmail = () => process.env.SHOP_EMAIL?.trim() || DEFAULT_SHOP_EMAIL;
  const interval = () => {
    const value = Number(process.env.PAYMENT_MAIL_INTERVAL_MS);
    return Number.isFinite(value) && value >= 0 ? value : DEFAULT_MAIL_INTERVAL_MS;
  };

  async function siteName(): Promise<string> {
    const setting = (await strapi.db.query(UID.siteSetting).findOne({ select: ['title'] })) as { title?: string | null } | null;
    return setting?.title?.trim() || DEFAULT_SITE_NAME;
  }

  /**
   * Where the shop reads a slip: the storefront's review page, which checks the administrator
   * and fetches the file with their token. Slips are private: the CMS's /uploads/ does not serve them.
   */
  function slipReviewUrl(name: string): string {
    return `${storefrontUrl()}/admin/payments/slip/${encodeURIComponent(name)}`;
  }

  async function readOrder(orderId: number): Promise<OrderRow | null> {
    return (await strapi.db.query(UID.order).findOne({
      where: { id: orderId },
      select: ['id', 'state', 'order_token', 'net', ...ORDER_VAT_FIELDS],
      populate: { user: { select: [...ORDER_OWNER_FIELDS] } },
    })) as OrderRow | null;
  }

  async function readReport(where: Record<string, unknown>): Promise<ReportRow | null> {
    return (await strapi.db.query(UID.report).findOne({
      where,
      select: ['id', 'state', 'contact_name', 'email', 'tel', 'bank_code', 'transfer_datetime', 'transfer_amount', 'description'],
      populate: { bank_account: { select: ['account_id', 'account_name', 'bank_name'] }, slip: { select: ['name'] } },
      orderBy: [{ id: 'desc' }],
    })) as ReportRow | null;
  }

  async function originBankName(code: string | null): Promise<string | null> {
    if (!code) return null;
    const bank = (await strapi.db.query(UID.originBank).findOne({ where: { banktransfer_value: code }, select: ['banktransfer_nameth'] })) as {
      banktransfer_nameth?: string | null;
    } | null;
    return bank?.banktransfer_nameth || code;
  }

  async function reportLines(order: OrderRow, report: ReportRow | null): Promise<Line[]> {
    const amount = formatMoney(money(Number(order.net), order.currency_code ?? 'THB'), 'th');
    const lines: Line[] = [['mail_payment_order_label', String(order.id)], ...orderVatLines(order), ['mail_payment_amount_label', amount]];
    if (!report) return lines;
    const account = report.bank_account;
    return [
      ...lines,
      ['report_transfer_amount', report.transfer_amount === null ? null : formatMoney(money(Number(report.transfer_amount), order.currency_code ?? 'THB'), 'th')],
      ['report_origin_bank', await originBankName(report.bank_code)],
      ['report_bank_account', account ? [account.bank_name, account.account_id, account.account_name].filter(Boolean).join(' ') : null],
      ['report_transfer_date', thaiDateTime(report.transfer_datetime)],
      ['report_contact_name', report.contact_name],
      ['mail_payment_email_label', report.email],
      ['mail_payment_tel_label', report.tel],
      ['report_description', report.description],
    ];
  }

  /** Queues the mails in the outbox (ADR 199): all of them or, with the caller's transaction, none. */
  async function queue(kind: string, mails: Mail[]): Promise<void> {
    const outbox = strapi.service('api::mail.outbox') as MailOutboxService;
    await strapi.db.transaction(async () => {
      for (const mail of mails) await outbox.queue(kind, mail);
    });
  }

  return {
    /**
     * POST /api/send/to/email/paymentorder: the student's own order, once a report is
     * filed (409 before), at most once per order per PAYMENT_MAIL_INTERVAL_MS (429).
     * Queues mails to the student and the shop (SHOP_EMAIL); 503 MAIL_NOT_SENT when they cannot be queued
     * (a mail server that is down only delays them).
     */
    async sendPaymentReported(args: { orderId: number; studentId: number }): Promise<void> {
      const order = await readOrder(args.orderId);
      if (!order || order.user?.id !== args.studentId) throw notFound();
      const report = await readReport({ order: { id: order.id }, state: 'pending' });
      if (!report) throw conflict('ORDER_STATE_CONFLICT', undefined, { result: { orderId: order.id, payment_status: order.state } });
      const previous = lastSent.get(order.id);
      if (previous !== undefined && Date.now() - previous < interval()) throw tooManyRequests();

      const t = await translatorFor(strapi, 'th');
      const site = await siteName();
      const signature = t('mail_signature', { site });
      const lines = await reportLines(order, report);
      const student = order.user!;
      const slips = (report.slip ?? []).map((file) => slipReviewUrl(file.name)).join(' ');
      const mails: Mail[] = [
        compose(
          t,
          student.email,
          t('mail_payment_reported_subject', { orderId: order.id }),
          t('mail_payment_greeting', { name: fullName(student) }),
          [t('mail_payment_reported_body')],
          lines,
          signature,
        ),
        compose(
          t,
          shopEmail(),
          t('mail_payment_reported_shop_subject', { orderId: order.id }),
          null,
          [t('mail_payment_reported_shop_body')],
          [...lines, ['mail_payment_buyer_label', `${fullName(student)} (${student.username}, ${student.email})`], ['mail_payment_slip_label', slips]],
          signature,
        ),
      ];
      lastSent.set(order.id, Date.now());
      try {
        await queue('payment-reported', mails);
      } catch (error) {
        lastSent.delete(order.id);
        strapi.log.error(`payment notification mail for order ${order.id} was not queued: ${(error as Error)?.message ?? error}`);
        throw new ApiError(503, 'MAIL_NOT_SENT');
      }
    },

    /**
     * Queues the mail telling the student the outcome of the review. Called inside the review's
     * transaction, so the decision and its mail commit together (a failure here undoes both).
     * The receipt or tax invoice of an approved order (ADR 189) is printed when the mail is sent.
     */
    async queueReviewOutcome(args: { orderId: number; reportId: number; outcome: 'approved' | 'rejected'; reason?: string | null }): Promise<boolean> {
      const order = await readOrder(args.orderId);
      if (!order?.user?.email) return false;
      const report = await readReport({ id: args.reportId });
      const t = await translatorFor(strapi, 'th');
      const site = await siteName();
      const approved = args.outcome === 'approved';
      const lines = await reportLines(order, report);
      if (!approved && args.reason) lines.push(['mail_payment_reason_label', args.reason]);
      const mail = compose(
        t,
        order.user.email,
        t(approved ? 'mail_payment_approved_subject' : 'mail_payment_rejected_subject', { orderId: order.id }),
        t('mail_payment_greeting', { name: fullName(order.user) }),
        [t(approved ? 'mail_payment_approved_body' : 'mail_payment_rejected_body')],
        lines,
        t('mail_signature', { site }),
      );
      await queue(`payment-${args.outcome}`, [approved ? { ...mail, attachments: [{ taxDocumentOfOrder: order.id }] } : mail]);
      return true;
    },
  };
};
