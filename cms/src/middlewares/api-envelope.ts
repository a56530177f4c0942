/**
 * Wraps the custom routes (the old client's /public, /private and /api calls):
 * answers failures as `{ success: false, error: { code, msg, requestId } }` with a Thai message
 * (the editors' text when they changed it), and never leaks internals. Strapi's own routes keep
 * Strapi's format. The request id is the request-context middleware's, which adds it to the body.
 */
import type { Core } from '@strapi/strapi';
import { ApiError } from '../lib/errors';
import { textOverrides } from '../lib/texts';
import { localeOf, messageFor } from '../http/messages';
import { isCustomPath } from '../http/routes';
import type { Ctx } from '../http/ctx';

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Ctx<{ requestId?: string }>, next: () => Promise<void>) => {
    if (!isCustomPath(ctx.path)) return next();
    const requestId = ctx.state.requestId;
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new ApiError(404, 'NOT_FOUND');
    } catch (error: any) {
      const locale = localeOf(ctx);
      // the editors' texts: an override saved in the admin is the message the caller reads
      const overrides = await textOverrides(strapi, locale);
      if (error instanceof ApiError) {
        ctx.status = error.status;
        ctx.body = { success: false, error: { code: error.code, msg: messageFor(error.code, locale, overrides), ...error.details } };
        return;
      }
      const status = Number(error?.status || error?.statusCode || 500);
      if (status >= 400 && status < 500) {
        // body too large, malformed JSON, unsupported media type...
        const code = status === 413 ? 'FILE_TOO_LARGE' : status === 401 ? 'PERMISSION_DENIED' : status === 403 ? 'PERMISSION_DENIED' : 'INPUT_ERROR';
        ctx.status = status;
        ctx.body = { success: false, error: { code, msg: messageFor(code, locale, overrides) } };
        return;
      }
      strapi.log.error(`${ctx.method} ${ctx.path} failed: ${error?.stack ?? error}`, { requestId });
      ctx.status = 500;
      ctx.body = { success: false, error: { code: 'INTERNAL_ERROR', msg: messageFor('INTERNAL_ERROR', locale, overrides), requestId } };
    }
  };
