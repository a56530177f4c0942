/** Thin: the link's query is checked against its signature before anything is read (ADR 170). */
import type { Core } from '@strapi/strapi';
import { unauthorized } from '../../../lib/errors';
import type { Ctx } from '../../../http/ctx';
import { previewSecret, verifyPreview } from '../lib/signing';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async content(ctx: Ctx) {
    const check = verifyPreview(ctx.query as Record<string, unknown>, previewSecret(), Math.floor(Date.now() / 1000));
    if (!check.ok) throw unauthorized('PERMISSION_DENIED');
    const data = await strapi.service('api::preview.preview').content(check.claims);
    // A draft is for the one editor holding the link: never kept by a shared cache.
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, data };
  },
});
