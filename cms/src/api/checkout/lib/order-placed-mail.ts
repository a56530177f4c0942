/**
 * The mail of a bank-transfer order just placed (docs/decisions/204): the order's lines and
 * amount due, the shop's bank accounts as the payment page lists them, the link to that page
 * and, when the shop has a PromptPay id, the QR of the exact amount as an inline picture.
 * A pure function of what the service read: every figure comes from the stored order.
 */
import type { Currency } from '@sala/shared/constants';
import { formatMoney, money } from '@sala/shared/money';
import type { TextKey, Translate } from '@sala/shared/texts';
import type { MailFile } from '../../../mail/mail-outbox';

/** The inline picture's Content-ID, referenced by the HTML as `cid:`. */
export const ORDER_QR_CID = 'promptpay-qr@sala';

export type OrderPlacedMailInput = {
  to: string;
  name: string;
  site: string;
  orderId: number;
  currency: Currency;
  netAmount: number;
  lines: { title: string; quantity: number; netAmount: number }[];
  /** The order's VAT lines (lib/order-vat), shown above the amount. */
  vatLines: [TextKey, string][];
  accounts: { bankName: string; accountId: string; accountName: string }[];
  payUrl: string;
  /** The exact-amount QR as PNG bytes; null when the shop has no PromptPay id. */
  qrPng: Buffer | null;
};

export type OrderPlacedMail = { to: string; subject: string; text: string; html: string; attachments?: MailFile[] };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const FONT = "font-family:Sarabun,'Noto Sans Thai',Tahoma,'Leelawadee UI',sans-serif";
const CELL = 'padding:6px 0;vertical-align:top;border-bottom:1px solid #e2e8f0';

export function composeOrderPlacedMail(t: Translate, input: OrderPlacedMailInput): OrderPlacedMail {
  const show = (amount: number) => formatMoney(money(amount, input.currency), 'th');
  const amount = show(input.netAmount);
  const lineText = (line: OrderPlacedMailInput['lines'][number]) => (line.quantity > 1 ? `${line.title} × ${line.quantity}` : line.title);
  const totals: [string, string][] = [...input.vatLines.map(([label, value]): [string, string] => [t(label), value]), [t('mail_payment_amount_label'), amount]];
  const signature = t('mail_signature', { site: input.site });
  const qrLabel = t('mail_order_placed_qr_label', { amount });

  const text = [
    t('mail_payment_greeting', { name: input.name }),
    '',
    t('mail_order_placed_body'),
    '',
    `${t('mail_payment_order_label')}: ${input.orderId}`,
    `${t('mail_order_placed_lines_label')}:`,
    ...input.lines.map((line) => `- ${lineText(line)}: ${show(line.netAmount)}`),
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(input.accounts.length ? [`${t('mail_order_placed_accounts_label')}:`, ...input.accounts.map((a) => `- ${a.bankName} ${a.accountId} ${a.accountName}`), ''] : []),
    ...(input.qrPng ? [qrLabel, ''] : []),
    `${t('mail_order_placed_pay_link')}: ${input.payUrl}`,
    '',
    signature,
  ].join('\n');

  const html = [
    '<!doctype html>',
    `<html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t('mail_order_placed_subject', { orderId: input.orderId }))}</title></head>`,
    `<body style="margin:0;padding:0;background:#f7fafc;${FONT};color:#1a202c;line-height:1.6">`,
    '<div style="max-width:560px;margin:0 auto;padding:16px;background:#ffffff">',
    `<p style="margin:0 0 12px">${escapeHtml(t('mail_payment_greeting', { name: input.name }))}</p>`,
    `<p style="margin:0 0 16px">${escapeHtml(t('mail_order_placed_body'))}</p>`,
    `<p style="margin:0 0 8px;font-weight:bold">${escapeHtml(t('mail_payment_order_label'))} ${input.orderId}</p>`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">',
    `<tr><th align="left" colspan="2" style="${CELL};font-weight:normal;color:#4a5568">${escapeHtml(t('mail_order_placed_lines_label'))}</th></tr>`,
    ...input.lines.map(
      (line) =>
        `<tr><td style="${CELL};padding-right:12px;word-break:break-word">${escapeHtml(lineText(line))}</td><td align="right" style="${CELL};white-space:nowrap">${escapeHtml(show(line.netAmount))}</td></tr>`,
    ),
    ...totals.map(
      ([label, value], index) =>
        `<tr><td style="${CELL};padding-right:12px${index === totals.length - 1 ? ';font-weight:bold' : ''}">${escapeHtml(label)}</td><td align="right" style="${CELL};white-space:nowrap${index === totals.length - 1 ? ';font-weight:bold' : ''}">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    ...(input.qrPng
      ? [
          '<div style="text-align:center;margin:0 0 16px;padding:12px;border:1px solid #e2e8f0;border-radius:8px">',
          `<img src="cid:${ORDER_QR_CID}" width="240" height="240" alt="${escapeHtml(t('mail_order_placed_qr_alt', { amount }))}" style="display:block;margin:0 auto;width:240px;max-width:100%;height:auto">`,
          `<p style="margin:8px 0 0">${escapeHtml(qrLabel)}</p>`,
          '</div>',
        ]
      : []),
    ...(input.accounts.length
      ? [
          `<p style="margin:0 0 8px;font-weight:bold">${escapeHtml(t('mail_order_placed_accounts_label'))}</p>`,
          '<ul style="margin:0 0 16px;padding:0;list-style:none">',
          ...input.accounts.map(
            (a) =>
              `<li style="margin:0 0 8px;padding:8px 12px;border:1px solid #e2e8f0;border-radius:8px"><strong>${escapeHtml(a.bankName)}</strong><br>${escapeHtml(a.accountId)}<br><span style="color:#4a5568">${escapeHtml(a.accountName)}</span></li>`,
          ),
          '</ul>',
        ]
      : []),
    `<p style="margin:0 0 16px"><a href="${escapeHtml(input.payUrl)}" style="display:inline-block;padding:10px 16px;background:#2c7a7b;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(t('mail_order_placed_pay_link'))}</a></p>`,
    `<p style="margin:0;color:#4a5568">${escapeHtml(signature).replace(/\n/g, '<br>')}</p>`,
    '</div></body></html>',
  ].join('\n');

  return {
    to: input.to,
    subject: t('mail_order_placed_subject', { orderId: input.orderId }),
    text,
    html,
    ...(input.qrPng ? { attachments: [{ filename: `promptpay-${input.orderId}.png`, contentType: 'image/png', content: input.qrPng, cid: ORDER_QR_CID }] } : {}),
  };
}
