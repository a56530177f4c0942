import type { Core } from '@strapi/strapi';
import { requireStudent } from '../http/auth';

/** Route middleware: only a signed-in student passes; the student is in ctx.state.student. */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Parameters<typeof requireStudent>[1], next: () => Promise<void>) => {
    await requireStudent(strapi, ctx);
    await next();
  };
