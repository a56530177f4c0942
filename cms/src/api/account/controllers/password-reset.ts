/** Thin: the forgot-password and reset-password calls, parsed with the shared schemas. */
import type { Core } from '@strapi/strapi';
import { clientAddress } from '../../../http/client-address';
import type { Locale } from '@sala/shared/constants';
import { buildForgotPasswordSchema, buildResetPasswordSchema } from '@sala/shared/schemas';
import { translatorFor } from '../../../lib/texts';
import { ApiError, badRequest } from '../../../lib/errors';
import { localeOf } from '../../../http/messages';
import { fieldErrors } from '../lib/form-errors';
import type { Ctx } from '../../../http/ctx';

function bodyOf(ctx: Ctx): Record<string, unknown> {
  const body = ctx.request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

function localeFor(ctx: Ctx): Locale {
  const lang = String(bodyOf(ctx).lang ?? '').toLowerCase();
  return lang === 'en' || lang === 'th' ? lang : localeOf(ctx);
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => strapi.service('api::account.password-reset');

  return {
    /** POST /public/students/forgot-password { email, lang? } → `{ success: true }` whether or not the address has an account. */
    async forgot(ctx: Ctx) {
      const t = await translatorFor(strapi, localeFor(ctx));
      const parsed = buildForgotPasswordSchema(t).safeParse(bodyOf(ctx));
      if (!parsed.success) throw badRequest('INPUT_ERROR', undefined, { errors: fieldErrors(parsed.error.issues) });
      try {
        await service().requestReset({ email: parsed.data.email, ip: clientAddress(ctx), locale: localeFor(ctx) });
      } catch (error) {
        if (error instanceof ApiError && error.status === 429 && typeof error.details.retryAfter === 'number') ctx.set('Retry-After', String(error.details.retryAfter));
        throw error;
      }
      ctx.body = { success: true };
    },

    /** POST /public/students/reset-password { code, password, passwordConfirmation } → `{ success: true }`; a bad code is INPUT_ERROR on `code`. */
    async reset(ctx: Ctx) {
      const t = await translatorFor(strapi, localeFor(ctx));
      const parsed = buildResetPasswordSchema(t).safeParse(bodyOf(ctx));
      if (!parsed.success) throw badRequest('INPUT_ERROR', undefined, { errors: fieldErrors(parsed.error.issues) });
      await service().resetPassword({ code: parsed.data.code, password: parsed.data.password, message: t('reset_code_invalid') });
      ctx.body = { success: true };
    },
  };
};
