/** Headers of every file served under /uploads/ (see http/file-headers). */
import { extensionOf, setFileHeaders } from '../http/file-headers';

type Ctx = { path: string; method: string; status: number; set(name: string, value: string): void };

export default () => async (ctx: Ctx, next: () => Promise<void>) => {
  await next();
  if (!ctx.path.startsWith('/uploads/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return;
  setFileHeaders(ctx, extensionOf(ctx.path));
};
