/**
 * Thin: the Strapi admin's order buttons. The admin routes (lib/admin-routes) let only a
 * signed-in admin with the order-review permission in; the service decides. Failures answer
 * in Strapi's admin error shape with a Thai message, which the admin panel shows as it is.
 */
import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { ApiError } from '../../../lib/errors';
import { messageFor } from '../../../http/messages';
import { textOverrides } from '../../../lib/texts';
import { ORDER_ADMIN_TEXTS } from '../lib/texts';
import type { AdminActor, OrderAdminService } from '../services/order-admin';

type AdminCtx = {
  params: { documentId?: string };
  request: { body?: unknown };
  state: { user?: { id: number; email: string } };
  status: number;
  body: unknown;
};

const DOCUMENT_ID = /^[a-z0-9]{1,64}$/;
const ReasonSchema = z.object({ reason: z.string().trim().max(500).optional() }).catch({ reason: undefined });

const OWN_MESSAGES: Record<string, string> = {
  NO_PENDING_REPORT: ORDER_ADMIN_TEXTS.noPendingReport,
  NOT_FOUND: ORDER_ADMIN_TEXTS.notFound,
};

function fail(ctx: AdminCtx, status: number, code: string, message: string, details: Record<string, unknown> = {}): void {
  ctx.status = status;
  ctx.body = { data: null, error: { status, name: code, message, details } };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => strapi.service('api::order-admin.order-admin') as OrderAdminService;

  async function run(ctx: AdminCtx, action: (documentId: string, admin: AdminActor, reason?: string) => Promise<{ state: string }>): Promise<void> {
    const documentId = ctx.params.documentId ?? '';
    if (!DOCUMENT_ID.test(documentId)) return fail(ctx, 404, 'NOT_FOUND', ORDER_ADMIN_TEXTS.notFound);
    const body = (ctx.request.body ?? {}) as { reason?: unknown };
    if (typeof body.reason === 'string' && body.reason.trim().length > 500) return fail(ctx, 400, 'VALIDATION_ERROR', ORDER_ADMIN_TEXTS.reasonTooLong);
    const { reason } = ReasonSchema.parse(body);
    const user = ctx.state.user!;
    try {
      ctx.body = { data: await action(documentId, { id: user.id, email: user.email }, reason || undefined) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const code = error.code === 'ORDER_STATE_CONFLICT' && 'report_status' in error.details ? 'REPORT_NOT_PENDING' : error.code;
      const message = code === 'REPORT_NOT_PENDING' ? ORDER_ADMIN_TEXTS.reportNotPending : (OWN_MESSAGES[code] ?? messageFor(code, 'th', await textOverrides(strapi, 'th')));
      fail(ctx, error.status, code, message, (error.details.result as Record<string, unknown> | undefined) ?? {});
    }
  }

  return {
    approveOrder: (ctx: AdminCtx) => run(ctx, (documentId, admin) => service().approveOrder({ documentId, admin })),
    rejectOrder: (ctx: AdminCtx) => run(ctx, (documentId, admin, reason) => service().rejectOrder({ documentId, admin, reason })),
    cancelOrder: (ctx: AdminCtx) => run(ctx, (documentId, admin) => service().cancelOrder({ documentId, admin })),
    approveReport: (ctx: AdminCtx) => run(ctx, (documentId, admin) => service().approveReport({ documentId, admin })),
    rejectReport: (ctx: AdminCtx) => run(ctx, (documentId, admin, reason) => service().rejectReport({ documentId, admin, reason })),
  };
};
