/**
 * Credit notes (docs/decisions/198): when the shop cancels an approved order that had a receipt
 * or tax invoice, a credit note is issued in the cancellation's transaction, numbered from its own
 * per-year counter (CN2026-000001), from the original document's frozen content; printed to PDF
 * by Chromium whenever it is asked for.
 *
 *   strapi.service('api::order-paperwork.credit-note').issueOnCancel({ orderId, reason, trx, now })
 */
import type { Core } from '@strapi/strapi';
import type { DocumentContent } from '../../tax-document/lib/content';
import { printPdf } from '../../tax-document/lib/chromium';
import { documentCode, takeNumber } from '../../tax-document/lib/numbering';
import { bangkokYear } from '../../tax-document/services/tax-document';
import { buildCreditNote, type CreditNoteContent } from '../lib/credit-note-content';
import { creditNoteHtml } from '../lib/credit-note-html';

const CREDIT_NOTE_UID = 'api::order-paperwork.credit-note';
const COUNTER_UID = 'api::order-paperwork.credit-note-counter';
const DOCUMENT_UID = 'api::tax-document.tax-document';
const CODE_PREFIX = 'CN';

export type IssuedCreditNote = { id: number; code: string };
export type CreditNotePdf = { filename: string; pdf: Buffer };

type StoredCreditNote = { id: number; code: string; content: CreditNoteContent | null };

const creditNoteService = ({ strapi }: { strapi: Core.Strapi }) => {
  async function print(note: StoredCreditNote | null): Promise<CreditNotePdf | null> {
    if (!note) return null;
    if (!note.content) throw new Error(`credit note ${note.id} has no content`);
    return { filename: `credit-note-${note.code}.pdf`, pdf: await printPdf(creditNoteHtml(note.content)) };
  }

  return {
    /**
     * Issues the credit note of a cancelled order on the cancellation's transaction. Nothing when
     * the order had no receipt or tax invoice (documents off, a free order), and the existing one
     * when it already has a credit note.
     */
    async issueOnCancel(args: { orderId: number; reason: string; trx: unknown; now: Date }): Promise<IssuedCreditNote | null> {
      const existing = (await strapi.db.query(CREDIT_NOTE_UID).findOne({ where: { order: { id: args.orderId } }, select: ['id', 'code'] })) as IssuedCreditNote | null;
      if (existing) return existing;
      const original = (await strapi.db.query(DOCUMENT_UID).findOne({ where: { order: { id: args.orderId } }, select: ['id', 'content'] })) as { id: number; content: DocumentContent | null } | null;
      if (!original?.content) return null;
      const year = bangkokYear(args.now);
      const number = await takeNumber(strapi, args.trx, year, COUNTER_UID);
      const code = documentCode(year, number, CODE_PREFIX);
      const content = buildCreditNote({ original: original.content, code, reason: args.reason, issuedAt: args.now });
      return (await strapi.db.query(CREDIT_NOTE_UID).create({
        data: { year, number, code, order: args.orderId, original: original.id, reason: args.reason, issued_at: args.now, content },
        select: ['id', 'code'],
      })) as IssuedCreditNote;
    },

    /** The credit note of an order of this student, printed; null for an order that is not theirs or has none. */
    async pdfForStudent(orderId: number, userId: number): Promise<CreditNotePdf | null> {
      return print((await strapi.db.query(CREDIT_NOTE_UID).findOne({ where: { order: { id: orderId, user: { id: userId } } }, select: ['id', 'code', 'content'] })) as StoredCreditNote | null);
    },

    /** The credit note of any order, printed for the shop; null when it has none. */
    async pdfForShop(orderId: number): Promise<CreditNotePdf | null> {
      return print((await strapi.db.query(CREDIT_NOTE_UID).findOne({ where: { order: { id: orderId } }, select: ['id', 'code', 'content'] })) as StoredCreditNote | null);
    },

    /** The credit notes of these orders by order id (the order lists' links). */
    async listForOrders(orderIds: number[]): Promise<Map<number, { code: string }>> {
      if (orderIds.length === 0) return new Map();
      const rows = (await strapi.db.query(CREDIT_NOTE_UID).findMany({
        where: { order: { id: { $in: orderIds } } },
        select: ['code'],
        populate: { order: { select: ['id'] } },
      })) as { code: string; order?: { id: number } | null }[];
      return new Map(rows.flatMap((row) => (row.order ? [[row.order.id, { code: row.code }] as const] : [])));
    },
  };
};

export type CreditNoteService = ReturnType<typeof creditNoteService>;

export default creditNoteService;
