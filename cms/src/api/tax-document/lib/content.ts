/**
 * What a tax document says, frozen when the order is approved (docs/decisions/189): the
 * seller from the site settings, the buyer from the order's tax details, the lines and the
 * order's stored money columns. Nothing here is read from a request, and the PDF is printed
 * from this record alone, so printing it again gives the same document.
 */
import type { Currency, VatMode } from '@sala/shared/constants';
import { storedBeforeVatAmount, vatModeOf } from '@sala/shared/pricing';

export type DocumentKind = 'receipt' | 'tax_invoice';

export type DocumentParty = { name: string; address: string; taxId: string; branchNo: string | null };

export type DocumentLine = { title: string; quantity: number; amount: number; discount: number; net: number };

export type DocumentContent = {
  kind: DocumentKind;
  code: string;
  issuedAt: string;
  orderId: number;
  currency: Currency;
  seller: DocumentParty;
  /** The buyer's tax details; on a receipt without them, the account's name and e-mail only. */
  buyer: DocumentParty;
  lines: DocumentLine[];
  /** Minor units, as the order stores them. */
  totals: {
    price: number;
    discount: number;
    shippingFee: number;
    beforeVat: number;
    vat: number;
    /** The order's value with VAT: what the document is for (withholding is taken from what is paid, not from the value). */
    total: number;
    withholding: number;
    paid: number;
  };
  vatMode: VatMode;
  vatBasisPoints: number;
  withholdingPercent: number;
};

export type SellerSettingRow = { seller_name?: string | null; seller_address?: string | null; seller_tax_id?: string | null; seller_branch_no?: string | null; title?: string | null };

export type DocumentOrderRow = {
  id: number;
  currency_code: Currency;
  price: number;
  discount: number;
  shipping_fee: number;
  vat: number;
  vat_mode?: string | null;
  withholding_price: number;
  withholding_percent?: number | null;
  is_withholding?: boolean | null;
  net: number;
  pricing?: unknown;
  is_require_tax_invoice?: boolean | null;
  tax_info?: unknown;
  user?: { email?: string | null; username?: string | null; firstname?: string | null; lastname?: string | null } | null;
  lines?: { id: number; title?: string | null; quantity?: number | null; price?: number | null; discount?: number | null; net?: number | null }[];
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The buyer's tax details the order froze when it was placed (ADR 182), or null when it holds none with a name and a 13-digit id. */
function taxBuyer(order: DocumentOrderRow): DocumentParty | null {
  const info = (order.tax_info ?? {}) as Record<string, unknown>;
  const name = [text(info.tax_name_one), text(info.tax_name_two)].filter(Boolean).join(' ');
  const taxId = text(info.tax_payer_identification_no);
  if (!name || !/^\d{13}$/.test(taxId)) return null;
  const address = [text(info.tax_address), text(info.tax_postcode)].filter(Boolean).join(' ');
  return { name, address, taxId, branchNo: null };
}

/** A full tax invoice when the buyer asked for one and the order holds their tax details; a receipt otherwise. */
export function documentKind(order: DocumentOrderRow): DocumentKind {
  return order.is_require_tax_invoice && taxBuyer(order) ? 'tax_invoice' : 'receipt';
}

export function buildContent(args: { order: DocumentOrderRow; settings: SellerSettingRow; code: string; issuedAt: Date }): DocumentContent {
  const { order, settings } = args;
  const kind = documentKind(order);
  const user = order.user ?? {};
  const accountName = [text(user.firstname), text(user.lastname)].filter(Boolean).join(' ') || text(user.username) || text(user.email);
  const buyer = taxBuyer(order) ?? { name: accountName, address: text(user.email), taxId: '', branchNo: null };
  const vatMode = vatModeOf(order.vat_mode);
  const rate = ((order.pricing ?? {}) as { vat_basis_points?: unknown }).vat_basis_points;
  const amount = (value: unknown) => (Number.isSafeInteger(Number(value)) ? Number(value) : 0);
  const withholding = amount(order.withholding_price);
  const paid = amount(order.net);
  const branch = text(settings.seller_branch_no);
  return {
    kind,
    code: args.code,
    issuedAt: args.issuedAt.toISOString(),
    orderId: order.id,
    currency: order.currency_code ?? 'THB',
    seller: {
      name: text(settings.seller_name) || text(settings.title),
      address: text(settings.seller_address),
      taxId: text(settings.seller_tax_id),
      branchNo: /^\d{5}$/.test(branch) && branch !== '00000' ? branch : null,
    },
    buyer,
    lines: [...(order.lines ?? [])]
      .sort((a, b) => a.id - b.id)
      .map((line) => ({ title: text(line.title), quantity: amount(line.quantity) || 1, amount: amount(line.price), discount: amount(line.discount), net: amount(line.net) })),
    totals: {
      price: amount(order.price),
      discount: amount(order.discount),
      shippingFee: amount(order.shipping_fee),
      beforeVat: storedBeforeVatAmount({
        priceAmount: amount(order.price),
        discountAmount: amount(order.discount),
        shippingFeeAmount: amount(order.shipping_fee),
        vatAmount: amount(order.vat),
        vatMode,
      }),
      vat: amount(order.vat),
      total: paid + withholding,
      withholding,
      paid,
    },
    vatMode,
    vatBasisPoints: Number.isSafeInteger(rate) && (rate as number) > 0 ? (rate as number) : 0,
    withholdingPercent: order.is_withholding || withholding > 0 ? amount(order.withholding_percent) : 0,
  };
}
