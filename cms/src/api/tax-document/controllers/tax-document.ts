/** Thin: the student's own order document as a PDF; any other order, or one without a document, is 404. */
import type { Core } from '@strapi/strapi';
import type { StudentCtx } from '../../../http/ctx';
import { notFound } from '../../../lib/errors';
import type { TaxDocumentService } from '../services/tax-document';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /private/orders/:orderId/documents/receipt → application/pdf */
  async receipt(ctx: StudentCtx) {
    const orderId = Number(ctx.params.orderId);
    if (!/^[1-9]\d{0,9}$/.test(String(ctx.params.orderId ?? '')) || !Number.isSafeInteger(orderId)) throw notFound();
    const service = strapi.service('api::tax-document.tax-document') as TaxDocumentService;
    const printed = await service.pdfForStudent(orderId, ctx.state.student.id);
    if (!printed) throw notFound();
    ctx.set('Content-Type', 'application/pdf');
    ctx.set('Content-Disposition', `inline; filename="${printed.filename}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = printed.pdf;
  },
});
