/**
 * Thin: the order paperwork calls (docs/decisions/197, 198). The student sends the withholding
 * certificate of their own order and reads their credit note; the shop lists paid orders with
 * their paperwork, cancels an approved one and reads its credit note. An order that is not the
 * student's is 404, as one that does not exist.
 */
import type { Core } from '@strapi/strapi';
import { CancelPaidOrderSchema, WithholdingCertificatePayloadSchema } from '@sala/shared/schemas';
import type { Ctx, StudentCtx } from '../../../http/ctx';
import { badRequest, notFound } from '../../../lib/errors';
import { parseInput, single } from '../../../lib/input';
import type { AdminOrderFilter, AdminOrdersService } from '../services/admin-orders';
import type { CreditNotePdf, CreditNoteService } from '../services/credit-note';
import type { WithholdingCertificateService } from '../services/withholding-certificate';

const ORDER_ID = /^[1-9]\d{0,9}$/;
const FILTERS: readonly AdminOrderFilter[] = ['all', 'missing-certificate'];
const MAX_PAGE_SIZE = 100;

function orderIdOf(ctx: Ctx): number {
  const raw = String(ctx.params.orderId ?? '');
  if (!ORDER_ID.test(raw)) throw notFound();
  return Number(raw);
}

function pageNumber(value: unknown, fallback: number, max: number): number {
  const raw = single(value);
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw badRequest('INPUT_ERROR');
  return n;
}

function sendPdf(ctx: Ctx, printed: CreditNotePdf | null): void {
  if (!printed) throw notFound();
  ctx.set('Content-Type', 'application/pdf');
  ctx.set('Content-Disposition', `inline; filename="${printed.filename}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = printed.pdf;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const certificates = () => strapi.service('api::order-paperwork.withholding-certificate') as WithholdingCertificateService;
  const creditNotes = () => strapi.service('api::order-paperwork.credit-note') as CreditNoteService;
  const adminOrders = () => strapi.service('api::order-paperwork.admin-orders') as AdminOrdersService;

  return {
    /** POST /private/orders/:orderId/withholding-certificate `{ fileName }` → `{ success, data: { fileName, uploadedAt } }`. */
    async attachCertificate(ctx: StudentCtx) {
      const orderId = orderIdOf(ctx);
      const { fileName } = parseInput(WithholdingCertificatePayloadSchema, ctx.request.body);
      const data = await certificates().attach({ orderId, userId: ctx.state.student.id, fileName });
      ctx.body = { success: true, data };
    },

    /** GET /private/orders/:orderId/documents/credit-note → application/pdf */
    async creditNote(ctx: StudentCtx) {
      sendPdf(ctx, await creditNotes().pdfForStudent(orderIdOf(ctx), ctx.state.student.id));
    },

    /** GET /private/admin/orders?filter=all|missing-certificate&page&pageSize → `{ success, data, missingCertificates, pagination }`. */
    async adminList(ctx: Ctx) {
      const filter = (single(ctx.query.filter) || 'all') as AdminOrderFilter;
      if (!FILTERS.includes(filter)) throw badRequest('INPUT_ERROR');
      const page = pageNumber(ctx.query.page, 1, 100_000);
      const pageSize = pageNumber(ctx.query.pageSize, 20, MAX_PAGE_SIZE);
      const { data, total, missingCertificates } = await adminOrders().list({ filter, page, pageSize });
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = { success: true, data, missingCertificates, pagination: { page, pageSize, total } };
    },

    /** POST /private/admin/orders/:orderId/cancel `{ reason }` → `{ success, data: { orderId, status, changed, creditNote } }`. */
    async adminCancel(ctx: Ctx) {
      const orderId = orderIdOf(ctx);
      const { reason } = parseInput(CancelPaidOrderSchema, ctx.request.body);
      const staff = ctx.state.student!;
      ctx.body = { success: true, data: await adminOrders().cancel({ orderId, reason, by: `${staff.username} (#${staff.id})` }) };
    },

    /** GET /private/admin/orders/:orderId/documents/credit-note → application/pdf */
    async adminCreditNote(ctx: Ctx) {
      sendPdf(ctx, await creditNotes().pdfForShop(orderIdOf(ctx)));
    },
  };
};
