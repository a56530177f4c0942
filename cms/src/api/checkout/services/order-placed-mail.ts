/**
 * The buyer's mail when a bank-transfer order is placed (docs/decisions/204): the order's
 * transaction writes an outbox row naming this recipe (ADR 199), and the mail worker composes
 * the mail here when it sends it. It reads the stored order, the shop's bank accounts and
 * PromptPay id, never the request, and draws the exact-amount QR from the same payload as the
 * payment step (ADR 187). An order that no longer waits for a transfer when the worker gets to
 * it (paid, cancelled) takes no mail.
 */
import type { Core } from '@strapi/strapi';
import { PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import { storefrontUrl } from '../../../lib/paths';
import { translatorFor } from '../../../lib/texts';
import { orderVatLines } from '../../../lib/order-vat';
import { qrPng } from '../../../payments/promptpay';
import type { MailComposer } from '../../../mail/mail-outbox';
import { composeOrderPlacedMail, type OrderPlacedMail } from '../lib/order-placed-mail';
import { ORDER_FIELDS, ORDER_POPULATE, type OrderRow } from '../lib/order-detail';
import { orderPromptPay } from '../lib/prompt-pay';
import { UID } from '../lib/db';

const BANK_ACCOUNT_UID = 'api::bank-account.bank-account';
const DEFAULT_SITE_NAME = 'Sala';

type Owner = { email: string | null; username: string; firstname: string | null; lastname: string | null };

export type OrderPlacedMailService = MailComposer & {
  /** The mail of a placed order, or null when the order takes no such mail (not bank transfer, not waiting for payment, nothing to pay, no address). */
  compose(orderId: number): Promise<OrderPlacedMail | null>;
};

export default ({ strapi }: { strapi: Core.Strapi }): OrderPlacedMailService => {
  async function compose(orderId: number): Promise<OrderPlacedMail | null> {
    const order = (await strapi.db.query(UID.order).findOne({ where: { id: orderId }, select: ORDER_FIELDS, populate: ORDER_POPULATE })) as OrderRow | null;
    if (!order || order.payment_method?.method_id !== PAYMENT_METHOD_IDS.BANK_TRANSFER) return null;
    if (order.state !== 'notYetReceived' || !(Number(order.net) > 0)) return null;
    const owner = order.user ? ((await strapi.db.query(UID.user).findOne({ where: { id: order.user.id }, select: ['email', 'username', 'firstname', 'lastname'] })) as Owner | null) : null;
    if (!owner?.email) return null;

    const [t, setting, accounts, promptPay] = await Promise.all([
      translatorFor(strapi, 'th'),
      strapi.db.query(UID.siteSetting).findOne({ select: ['title'] }) as Promise<{ title?: string | null } | null>,
      // The accounts the payment page lists: enabled, of the enabled bank-transfer method, in the editors' order.
      strapi.db.query(BANK_ACCOUNT_UID).findMany({
        select: ['account_id', 'account_name', 'bank_name'],
        where: { enabled: true, payment_method: { method_id: PAYMENT_METHOD_IDS.BANK_TRANSFER, enabled: true } },
        orderBy: [{ sort_order: 'asc' }, { id: 'asc' }],
      }) as Promise<{ account_id: string; account_name: string; bank_name: string }[]>,
      orderPromptPay(strapi, order),
    ]);
    return composeOrderPlacedMail(t, {
      to: owner.email,
      name: [owner.firstname, owner.lastname].filter(Boolean).join(' ').trim() || owner.username,
      site: setting?.title?.trim() || DEFAULT_SITE_NAME,
      orderId: order.id,
      currency: order.currency_code ?? 'THB',
      netAmount: Number(order.net),
      lines: (order.lines ?? []).map((line) => ({ title: line.title ?? line.course?.title ?? line.product?.title ?? '', quantity: Number(line.quantity) || 1, netAmount: Number(line.net) })),
      vatLines: orderVatLines(order),
      accounts: accounts.map((a) => ({ bankName: a.bank_name, accountId: a.account_id, accountName: a.account_name })),
      payUrl: `${storefrontUrl()}/pay/${order.id}`,
      qrPng: promptPay ? await qrPng(promptPay.payload) : null,
    });
  }

  return { compose };
};
