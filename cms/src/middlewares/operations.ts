/**
 * The operators' endpoints, answered before anything else reads the request
 * (docs/decisions/201-metrics-and-health-endpoints.md):
 *   GET /_health/live   200 while the process serves HTTP; it checks nothing else, so a slow
 *                       database never gets a live CMS restarted
 *   GET /_health/ready  200 when the database answers `select 1` and, with REDIS_URL, Redis
 *                       answers PING, each within 2 s; else 503 naming the failing check
 *   GET /metrics        Prometheus text; METRICS_TOKEN as a bearer token, or loopback outside
 *                       production (shared/src/operations)
 * and every request's latency goes into the histogram. `/_health` (Strapi's own, 204) stays.
 */
import type { Core } from '@strapi/strapi';
import { metricsAccess } from '@sala/shared/operations';
import { registry, requestDuration } from '../http/metrics';
import { redisUrl, sharedRedis } from '../lib/redis';
import { messageFor } from '../http/messages';

type OpsCtx = {
  path: string;
  method: string;
  status: number;
  body: unknown;
  type: string;
  req: { socket: { remoteAddress?: string } };
  get(name: string): string;
  set(name: string, value: string): void;
};

const CHECK_MS = 2_000;

function within<T>(work: Promise<T>, ms = CHECK_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function readiness(strapi: Core.Strapi): Promise<{ ready: boolean; checks: Record<string, string> }> {
  const checks: Record<string, string> = {};
  try {
    await within(strapi.db.connection.raw('select 1'));
    checks.database = 'ok';
  } catch (error) {
    strapi.log.warn(`[health] database not ready: ${(error as Error).message}`);
    checks.database = 'failing';
  }
  if (redisUrl()) {
    try {
      const redis = await within(sharedRedis(strapi));
      if (!redis) throw new Error('unreachable');
      await within(redis.ping());
      checks.redis = 'ok';
    } catch (error) {
      strapi.log.warn(`[health] redis not ready: ${(error as Error).message}`);
      checks.redis = 'failing';
    }
  }
  return { ready: Object.values(checks).every((value) => value === 'ok'), checks };
}

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: OpsCtx, next: () => Promise<void>) => {
    if (ctx.method === 'GET' && ctx.path === '/_health/live') {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status: 'live' };
      return;
    }
    if (ctx.method === 'GET' && ctx.path === '/_health/ready') {
      const { ready, checks } = await readiness(strapi);
      ctx.set('Cache-Control', 'no-store');
      ctx.status = ready ? 200 : 503;
      ctx.body = { status: ready ? 'ready' : 'not ready', checks };
      return;
    }
    if (ctx.method === 'GET' && ctx.path === '/metrics') {
      const access = metricsAccess(ctx.get('authorization') || undefined, ctx.req.socket.remoteAddress, process.env);
      ctx.set('Cache-Control', 'no-store');
      if (access === 'allowed') {
        ctx.type = registry.contentType;
        ctx.body = await registry.metrics();
      } else if (access === 'refused') {
        ctx.status = 401;
        ctx.set('WWW-Authenticate', 'Bearer');
        ctx.body = { success: false, error: { code: 'PERMISSION_DENIED', msg: messageFor('PERMISSION_DENIED') } };
      } else {
        ctx.status = 404;
        ctx.body = { success: false, error: { code: 'NOT_FOUND', msg: messageFor('NOT_FOUND') } };
      }
      return;
    }
    const stop = requestDuration.startTimer({ method: ctx.method });
    try {
      await next();
    } finally {
      stop({ status: String(ctx.status) });
    }
  };
