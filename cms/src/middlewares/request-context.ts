/**
 * The outermost middleware: gives every request its id (a well-formed `X-Request-Id` from the
 * caller, the storefront's, else a fresh UUID), echoes it in the `X-Request-Id` answer header,
 * adds it to every error answer's body (`error.requestId`, in the custom envelope and in
 * Strapi's own) and runs the request with it at hand, so each log line written meanwhile carries
 * it (config/logger.ts). Writes one access line per request: method, path without the query
 * string (a query can hold tokens), status and milliseconds (ADR 200).
 */
import { randomUUID } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { wellFormedRequestId } from '@sala/shared/operations';
import { withRequestId } from '../http/request-context';
import type { Ctx } from '../http/ctx';

type ContextCtx = Ctx<{ requestId?: string }> & { status: number; body: unknown; set(name: string, value: string): void };

function addRequestId(body: unknown, requestId: string): void {
  if (!body || typeof body !== 'object' || Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return;
  const error = (body as { error?: unknown }).error;
  if (error && typeof error === 'object' && !Array.isArray(error)) (error as Record<string, unknown>).requestId = requestId;
}

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: ContextCtx, next: () => Promise<void>) => {
    const requestId = wellFormedRequestId(ctx.get('x-request-id')) ?? randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    await withRequestId(requestId, async () => {
      try {
        await next();
      } finally {
        if (ctx.status >= 400) addRequestId(ctx.body, requestId);
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        strapi.log.http(`${ctx.method} ${ctx.path} ${ctx.status} (${ms.toFixed(1)} ms)`, { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 });
      }
    });
  };
