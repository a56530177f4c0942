/** Thin: the shop administrators' view of mails that keep failing, and their retry button (ADR 199). */
import type { Core } from '@strapi/strapi';
import { notFound } from '../../../lib/errors';
import type { Ctx } from '../../../http/ctx';
import type { MailOutboxService } from '../services/outbox';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const outbox = () => strapi.service('api::mail.outbox') as MailOutboxService;
  return {
    /** GET /private/mails/failing → `{ success, data: [{ id, kind, to, subject, attempts, lastError, createdAt, nextAttemptAt }] }`. */
    async failing(ctx: Ctx) {
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = { success: true, data: await outbox().listFailing() };
    },

    /** POST /private/mails/:id/retry → `{ success }`; 404 for an id that is not a failing mail. */
    async retry(ctx: Ctx) {
      const id = Number((ctx.params as { id?: string }).id);
      if (!Number.isSafeInteger(id) || id < 1) throw notFound();
      await outbox().retry(id);
      ctx.body = { success: true };
    },
  };
};
