/**
 * The shop's exact-amount PromptPay QR of one unpaid bank-transfer order: the amount is
 * the order's stored net, the bill number (EMVCo tag 62 sub-tag 01) its order number,
 * the target the site setting's PromptPay id (docs/decisions/187).
 */
import type { Core } from '@strapi/strapi';
import { PAYMENT_METHOD_IDS, type OrderStatus } from '@sala/shared/constants';
import { money } from '@sala/shared/money';
import { isPromptPayId, promptPayPayload } from '../../../payments/promptpay';
import type { OrderRow } from './order-detail';

export type OrderPromptPay = { payload: string; promptpay_id: string };

/** Orders that still take a transfer: unpaid, or reported and waiting (a second slip). */
const PAYABLE: readonly OrderStatus[] = ['notYetReceived', 'pendingApproved'];

export async function shopPromptPayId(strapi: Core.Strapi): Promise<string | null> {
  const row = (await strapi.db.query('api::site-setting.site-setting').findOne({ select: ['promptpay_id'] })) as { promptpay_id?: string | null } | null;
  const id = row?.promptpay_id?.trim() ?? '';
  return id && isPromptPayId(id) ? id.replace(/\D/g, '') : null;
}

export async function orderPromptPay(strapi: Core.Strapi, order: OrderRow): Promise<OrderPromptPay | null> {
  if (order.payment_method?.method_id !== PAYMENT_METHOD_IDS.BANK_TRANSFER) return null;
  if (!PAYABLE.includes(order.state) || order.currency_code !== 'THB' || !(Number(order.net) > 0)) return null;
  const promptPayId = await shopPromptPayId(strapi);
  if (!promptPayId) return null;
  return { payload: promptPayPayload(promptPayId, money(Number(order.net), 'THB'), String(order.id)), promptpay_id: promptPayId };
}
