import type { Core } from '@strapi/strapi';
import { requireShopAdmin } from '../http/auth';

/** Route middleware: only a storefront administrator passes. */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Parameters<typeof requireShopAdmin>[1], next: () => Promise<void>) => {
    await requireShopAdmin(strapi, ctx);
    await next();
  };
