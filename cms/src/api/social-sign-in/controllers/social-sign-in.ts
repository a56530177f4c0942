/** Thin: reads the provider and the body, lets the flow service work, shapes the answer. */
import type { Core } from '@strapi/strapi';
import { notFound } from '../../../lib/errors';
import type { Ctx } from '../../../http/ctx';
import { isSocialProvider } from '../lib/providers';
import { clientAddress } from '../../../http/client-address';
import { withRetryAfter } from '../../../http/retry-after';
import type { SocialFinish, SocialStart } from '../services/social-sign-in';

function bodyOf(ctx: Ctx): Record<string, unknown> {
  const body = ctx.request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

function providerOf(ctx: Ctx) {
  const provider = (ctx.params as Record<string, unknown>).provider;
  if (!isSocialProvider(provider)) throw notFound('SOCIAL_PROVIDER_UNAVAILABLE');
  return provider;
}

const flows = (strapi: Core.Strapi) => strapi.service('api::social-sign-in.social-sign-in');

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** POST /public/social/:provider/start `{ redirect }` → `{ success, authorizeUrl, flow }`. */
  async start(ctx: Ctx) {
    const started = flows(strapi).start(providerOf(ctx), bodyOf(ctx).redirect) as SocialStart;
    ctx.body = { success: true, ...started };
  },

  /** POST /public/social/:provider/callback `{ code, state, flow }` → `{ success, jwt, user, created, redirect }`. */
  async callback(ctx: Ctx) {
    const body = bodyOf(ctx);
    const result = (await flows(strapi).finish(providerOf(ctx), { code: body.code, state: body.state, flow: body.flow })) as SocialFinish;
    ctx.body = { success: true, jwt: result.jwt, user: result.user, created: result.created, redirect: result.redirect };
  },

  /** POST /public/social/:provider/link `{ link, password }` → `{ success, jwt, user, created: false, redirect }` (ADR 194). */
  async link(ctx: Ctx) {
    const body = bodyOf(ctx);
    const result = (await withRetryAfter(ctx, () => flows(strapi).link(providerOf(ctx), { link: body.link, password: body.password, ip: clientAddress(ctx) }))) as SocialFinish;
    ctx.body = { success: true, jwt: result.jwt, user: result.user, created: result.created, redirect: result.redirect };
  },
});
