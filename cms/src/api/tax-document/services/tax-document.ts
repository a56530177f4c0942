/**
 * Tax documents (docs/decisions/189): a receipt, or a full tax invoice when the buyer asked
 * for one, issued in the transaction that approves the order, numbered from the year's
 * counter, and printed to PDF by Chromium from its frozen content whenever it is asked for.
 *
 *   strapi.service('api::tax-document.tax-document').issueOnApproval(orderId, trx, now)
 */
import type { Core } from '@strapi/strapi';
import { buildContent, type DocumentContent, type DocumentOrderRow, type SellerSettingRow } from '../lib/content';
import { documentHtml } from '../lib/html';
import { printPdf } from '../lib/chromium';
import { documentCode, takeNumber } from '../lib/numbering';
import { taxDocumentsEnabled } from '../lib/switch';

const DOCUMENT_UID = 'api::tax-document.tax-document';
const ORDER_UID = 'api::order.order';
const SETTING_UID = 'api::site-setting.site-setting';
const BANGKOK_OFFSET_MS = 7 * 3600_000;

export type IssuedDocument = { id: number; code: string; kind: DocumentContent['kind'] };
export type DocumentPdf = { filename: string; pdf: Buffer; content: DocumentContent };

type StoredDocument = { id: number; code: string; kind: DocumentContent['kind']; content: DocumentContent | null };

/** The Bangkok calendar year of an instant: the numbering year. */
export function bangkokYear(now: Date): number {
  return new Date(now.getTime() + BANGKOK_OFFSET_MS).getUTCFullYear();
}

const taxDocumentService = ({ strapi }: { strapi: Core.Strapi }) => {
  async function readOrder(orderId: number): Promise<DocumentOrderRow | null> {
    return (await strapi.db.query(ORDER_UID).findOne({
      where: { id: orderId },
      select: [
        'id',
        'currency_code',
        'price',
        'discount',
        'shipping_fee',
        'vat',
        'vat_mode',
        'withholding_price',
        'withholding_percent',
        'is_withholding',
        'net',
        'pricing',
        'is_require_tax_invoice',
        'tax_info',
      ],
      populate: { user: { select: ['email', 'username', 'firstname', 'lastname'] }, lines: { select: ['id', 'title', 'quantity', 'price', 'discount', 'net'] } },
    })) as DocumentOrderRow | null;
  }

  async function readSeller(): Promise<SellerSettingRow> {
    return ((await strapi.db.query(SETTING_UID).findOne({ select: ['title', 'seller_name', 'seller_address', 'seller_tax_id', 'seller_branch_no'] })) ?? {}) as SellerSettingRow;
  }

  async function print(document: StoredDocument): Promise<DocumentPdf> {
    if (!document.content) throw new Error(`tax document ${document.id} has no content`);
    return { filename: `${document.kind === 'tax_invoice' ? 'tax-invoice' : 'receipt'}-${document.code}.pdf`, pdf: await printPdf(documentHtml(document.content)), content: document.content };
  }

  return {
    /**
     * Issues the order's document on the approval's transaction: takes the year's next number
     * and stores the content. Nothing when documents are off, the order already has one, or it
     * is free.
     */
    async issueOnApproval(orderId: number, trx: unknown, now: Date): Promise<IssuedDocument | null> {
      if (!taxDocumentsEnabled()) return null;
      const existing = (await strapi.db.query(DOCUMENT_UID).findOne({ where: { order: { id: orderId } }, select: ['id', 'code', 'kind'] })) as IssuedDocument | null;
      if (existing) return existing;
      const order = await readOrder(orderId);
      // a free order took no money: nothing to acknowledge, and no number is spent on it
      if (!order || Number(order.net) + Number(order.withholding_price) <= 0) return null;
      const year = bangkokYear(now);
      const number = await takeNumber(strapi, trx, year);
      const code = documentCode(year, number);
      const content = buildContent({ order, settings: await readSeller(), code, issuedAt: now });
      const created = (await strapi.db.query(DOCUMENT_UID).create({
        data: { kind: content.kind, year, number, code, order: orderId, issued_at: now, content },
        select: ['id', 'code', 'kind'],
      })) as IssuedDocument;
      return created;
    },

    /** The document of an order of this student, printed; null for an order that is not theirs or has none. */
    async pdfForStudent(orderId: number, userId: number): Promise<DocumentPdf | null> {
      const document = (await strapi.db.query(DOCUMENT_UID).findOne({
        where: { order: { id: orderId, user: { id: userId } } },
        select: ['id', 'code', 'kind', 'content'],
      })) as StoredDocument | null;
      return document ? print(document) : null;
    },

    /** The documents of these orders by order id (the order list's link). */
    async listForOrders(orderIds: number[]): Promise<Map<number, { code: string; kind: DocumentContent['kind'] }>> {
      if (orderIds.length === 0) return new Map();
      const rows = (await strapi.db.query(DOCUMENT_UID).findMany({
        where: { order: { id: { $in: orderIds } } },
        select: ['code', 'kind'],
        populate: { order: { select: ['id'] } },
      })) as { code: string; kind: DocumentContent['kind']; order?: { id: number } | null }[];
      return new Map(rows.flatMap((row) => (row.order ? [[row.order.id, { code: row.code, kind: row.kind }] as const] : [])));
    },

    /** The order's document as a mail attachment; null when it has none or printing failed (the mail goes without it). */
    async attachmentFor(orderId: number): Promise<{ filename: string; content: Buffer; contentType: string } | null> {
      if (!taxDocumentsEnabled()) return null;
      try {
        const document = (await strapi.db.query(DOCUMENT_UID).findOne({ where: { order: { id: orderId } }, select: ['id', 'code', 'kind', 'content'] })) as StoredDocument | null;
        if (!document) return null;
        const printed = await print(document);
        return { filename: printed.filename, content: printed.pdf, contentType: 'application/pdf' };
      } catch (error) {
        strapi.log.error(`tax document of order ${orderId} was not printed for the mail: ${(error as Error)?.message ?? error}`);
        return null;
      }
    },
  };
};

export type TaxDocumentService = ReturnType<typeof taxDocumentService>;

export default taxDocumentService;
