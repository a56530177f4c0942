/** Headers of every file served under /uploads/ (see http/file-headers). */
import { extensionOf, setFileHeaders } from '../http/file-headers';
import type { Ctx } from '../http/ctx';

export default () => async (ctx: Ctx, next: () => Promise<void>) => {
  await next();
  if (!ctx.path.startsWith('/uploads/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return;
  setFileHeaders(ctx, extensionOf(ctx.path));
};
