/**
 * What a credit note says (docs/decisions/198), frozen when the shop cancels the order: taken
 * from the frozen content of the original receipt or tax invoice, never from a request, so the
 * figures are those the buyer was given. The whole order is cancelled, so the correct value is
 * zero and the difference is the original value; the VAT on the difference is the original VAT.
 */
import type { DocumentContent, DocumentKind, DocumentLine, DocumentParty } from '../../tax-document/lib/content';

export type CreditNoteContent = {
  code: string;
  issuedAt: string;
  orderId: number;
  currency: DocumentContent['currency'];
  seller: DocumentParty;
  buyer: DocumentParty;
  original: { code: string; kind: DocumentKind; issuedAt: string };
  lines: DocumentLine[];
  reason: string;
  /** Minor units. */
  amounts: {
    /** The original document's value before VAT, and the value it should have had (nothing: the order is called off). */
    originalValue: number;
    correctValue: number;
    difference: number;
    vatOnDifference: number;
    /** What is credited: the difference with its VAT, the original document's total. */
    total: number;
    /** Withholding the buyer kept on the original payment; what the shop returns is total less this. */
    withholding: number;
    refund: number;
  };
  vatBasisPoints: number;
  /** The seller's VAT lines show when the original did (a tax invoice, or VAT on a receipt). */
  withVat: boolean;
};

export function buildCreditNote(args: { original: DocumentContent; code: string; reason: string; issuedAt: Date }): CreditNoteContent {
  const { original } = args;
  const t = original.totals;
  return {
    code: args.code,
    issuedAt: args.issuedAt.toISOString(),
    orderId: original.orderId,
    currency: original.currency,
    seller: original.seller,
    buyer: original.buyer,
    original: { code: original.code, kind: original.kind, issuedAt: original.issuedAt },
    lines: original.lines,
    reason: args.reason,
    amounts: {
      originalValue: t.beforeVat,
      correctValue: 0,
      difference: t.beforeVat,
      vatOnDifference: t.vat,
      total: t.total,
      withholding: t.withholding,
      refund: t.paid,
    },
    vatBasisPoints: original.vatBasisPoints,
    withVat: original.kind === 'tax_invoice' || t.vat > 0,
  };
}
