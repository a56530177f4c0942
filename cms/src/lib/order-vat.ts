/**
 * The VAT lines of an order's mails (ADR 182): the value before VAT and the VAT, contained in
 * the prices or added on top, read from the order's stored columns. Nothing is recomputed
 * from a request, and an order without VAT gets no line.
 */
import type { Core } from '@strapi/strapi';
import type { Currency } from '@sala/shared/constants';
import { formatMoney, money } from '@sala/shared/money';
import { storedBeforeVatAmount, vatModeOf } from '@sala/shared/pricing';
import type { TextKey } from '@sala/shared/texts';

const ORDER_UID = 'api::order.order';

export const ORDER_VAT_FIELDS = ['price', 'discount', 'shipping_fee', 'vat', 'vat_mode', 'pricing', 'currency_code'] as const;

export type OrderVatRow = { price: number; discount: number; shipping_fee: number; vat: number; vat_mode?: string | null; pricing?: unknown; currency_code: Currency };

/** Label and shown value of each VAT line, in Thai. */
export function orderVatLines(order: OrderVatRow): [TextKey, string][] {
  const vatAmount = Number(order.vat) || 0;
  if (vatAmount <= 0) return [];
  const vatMode = vatModeOf(order.vat_mode);
  const show = (amount: number) => formatMoney(money(amount, order.currency_code ?? 'THB'), 'th');
  const beforeVat = storedBeforeVatAmount({ priceAmount: Number(order.price), discountAmount: Number(order.discount), shippingFeeAmount: Number(order.shipping_fee), vatAmount, vatMode });
  const rate = ((order.pricing ?? {}) as { vat_basis_points?: unknown }).vat_basis_points;
  const vatText = Number.isSafeInteger(rate) && (rate as number) > 0 ? `${show(vatAmount)} (${(rate as number) / 100}%)` : show(vatAmount);
  return [
    ['vat_before_vat', show(beforeVat)],
    [vatMode === 'added' ? 'vat_added_label' : 'vat_included_label', vatText],
  ];
}

/** The order's VAT lines read by its id; none when the order is gone. */
export async function readOrderVatLines(strapi: Core.Strapi, orderId: number): Promise<[TextKey, string][]> {
  const row = (await strapi.db.query(ORDER_UID).findOne({ where: { id: orderId }, select: [...ORDER_VAT_FIELDS] })) as OrderVatRow | null;
  return row ? orderVatLines(row) : [];
}
