/**
 * Resolves the client address once per request (src/http/client-address.ts) and sets it as
 * ctx.request.ip, which our limits and Strapi's admin login limit read.
 */
import type { Core } from '@strapi/strapi';
import { clientAddress } from '../http/client-address';
import type { Ctx } from '../http/ctx';

export default (_config: unknown, _context: { strapi: Core.Strapi }) => async (ctx: Ctx, next: () => Promise<void>) => {
  ctx.request.ip = clientAddress(ctx);
  await next();
};
