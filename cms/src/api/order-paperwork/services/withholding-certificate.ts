/**
 * Withholding certificates (docs/decisions/197): the buyer of an approved order paid with
 * withholding sends the shop its 50 ทวิ. The file is the buyer's own private upload (checked by
 * the upload call: name, size, magic bytes), a PDF or a picture; only its owner and shop
 * administrators read it, at GET /private/files/{name}. Sending again replaces the file.
 *
 *   strapi.service('api::order-paperwork.withholding-certificate').attach({ orderId, userId, fileName })
 */
import type { Core } from '@strapi/strapi';
import { badRequest, conflict, notFound } from '../../../lib/errors';

const CERTIFICATE_UID = 'api::order-paperwork.withholding-certificate';
const ORDER_UID = 'api::order.order';
const RECORD_UID = 'api::storage.upload-record';
/** Upload kinds a certificate may be: a scan as a picture, or a PDF. */
const CERTIFICATE_KINDS = ['image', 'document'];

export type CertificateView = { fileName: string; uploadedAt: string };

type OrderRow = { id: number; state: string; is_withholding?: boolean | null; withholding_price?: number | string | null };

/** Whether the buyer withheld tax on this order: the order's stored flag and amount, never the request. */
export function withheld(order: { is_withholding?: boolean | null; withholding_price?: number | string | null }): boolean {
  return Boolean(order.is_withholding) && Number(order.withholding_price ?? 0) > 0;
}

const iso = (value: unknown) => new Date(value as string).toISOString();

const withholdingCertificateService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * Attaches the student's upload `fileName` as the certificate of their order `orderId`.
   * 404 for an order that is not theirs; 400 WITHHOLDING_NOT_APPLIED when no tax was withheld;
   * 409 ORDER_STATE_CONFLICT unless the order is approved; 400 FILE_TYPE_NOT_ALLOWED for an
   * upload that is not a PDF or a picture; 400 INPUT_ERROR for a name that is not their upload.
   */
  async attach(args: { orderId: number; userId: number; fileName: string; now?: Date }): Promise<CertificateView> {
    const order = (await strapi.db.query(ORDER_UID).findOne({
      where: { id: args.orderId, user: { id: args.userId } },
      select: ['id', 'state', 'is_withholding', 'withholding_price'],
    })) as OrderRow | null;
    if (!order) throw notFound();
    if (!withheld(order)) throw badRequest('WITHHOLDING_NOT_APPLIED');
    if (order.state !== 'approved') throw conflict('ORDER_STATE_CONFLICT', undefined, { result: { orderId: order.id, payment_status: order.state } });
    const upload = (await strapi.db.query(RECORD_UID).findOne({ where: { name: args.fileName, owner: { id: args.userId } }, select: ['id', 'name', 'kind'] })) as {
      id: number;
      name: string;
      kind: string;
    } | null;
    if (!upload) throw badRequest('INPUT_ERROR');
    if (!CERTIFICATE_KINDS.includes(upload.kind)) throw badRequest('FILE_TYPE_NOT_ALLOWED');
    const now = args.now ?? new Date();
    const data = { order: order.id, file_name: upload.name, upload: upload.id, uploaded_at: now };
    return strapi.db.transaction(async () => {
      const existing = (await strapi.db.query(CERTIFICATE_UID).findOne({ where: { order: { id: order.id } }, select: ['id'] })) as { id: number } | null;
      if (existing) await strapi.db.query(CERTIFICATE_UID).update({ where: { id: existing.id }, data });
      else await strapi.db.query(CERTIFICATE_UID).create({ data });
      return { fileName: upload.name, uploadedAt: now.toISOString() };
    });
  },

  /** The certificates of these orders by order id. */
  async listForOrders(orderIds: number[]): Promise<Map<number, CertificateView>> {
    if (orderIds.length === 0) return new Map();
    const rows = (await strapi.db.query(CERTIFICATE_UID).findMany({
      where: { order: { id: { $in: orderIds } } },
      select: ['file_name', 'uploaded_at'],
      populate: { order: { select: ['id'] } },
    })) as { file_name: string; uploaded_at: string; order?: { id: number } | null }[];
    return new Map(rows.flatMap((row) => (row.order ? [[row.order.id, { fileName: row.file_name, uploadedAt: iso(row.uploaded_at) }] as const] : [])));
  },

  /** Ids of every order that has a certificate (the admin's "missing" filter leaves them out). */
  async orderIdsWithCertificate(): Promise<number[]> {
    const rows = (await strapi.db.query(CERTIFICATE_UID).findMany({ select: ['id'], populate: { order: { select: ['id'] } } })) as { order?: { id: number } | null }[];
    return rows.flatMap((row) => (row.order ? [row.order.id] : []));
  },
});

export type WithholdingCertificateService = ReturnType<typeof withholdingCertificateService>;

export default withholdingCertificateService;
