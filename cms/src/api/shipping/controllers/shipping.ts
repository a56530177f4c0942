/** Thin: who is calling, the address parsed with the shared schema (Thai messages per field), the service's answer. */
import type { Core } from '@strapi/strapi';
import { buildShippingAddressSchema } from '@sala/shared/schemas';
import { translatorFor } from '../../../lib/texts';
import { badRequest } from '../../../lib/errors';
import { localeOf } from '../../../http/messages';
import type { ShippingServiceApi } from '../services/shipping';
import type { StudentCtx } from '../../../http/ctx';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const shipping = () => strapi.service('api::shipping.shipping') as ShippingServiceApi;

  return {
    /** GET /public/shipping/fees: enabled methods, cheapest sort order first, prices in major units. */
    async listFees(ctx: StudentCtx) {
      ctx.body = { success: true, data: await shipping().listFees() };
    },

    /** GET /private/shipping/addresses: the caller's addresses, the default first. */
    async listAddresses(ctx: StudentCtx) {
      ctx.body = { success: true, data: await shipping().listAddresses(ctx.state.student.id) };
    },

    /** POST /private/shipping/addresses: saves the caller's address as their default; 400 VALIDATION_ERROR with Thai messages per field. */
    async saveAddress(ctx: StudentCtx) {
      const t = await translatorFor(strapi, localeOf(ctx));
      const parsed = buildShippingAddressSchema(t).safeParse(ctx.request.body ?? {});
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (errors[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message);
        throw badRequest('VALIDATION_ERROR', undefined, { errors });
      }
      ctx.status = 201;
      ctx.body = { success: true, data: await shipping().saveAddress(ctx.state.student.id, parsed.data) };
    },
  };
};
