/**
 * The storefront server's operators' endpoints (docs/decisions/201-metrics-and-health-endpoints.md),
 * answered on the bare node:http request before the page cache and Express:
 *   GET /_health/live   200 while the process serves HTTP; nothing else is checked
 *   GET /_health/ready  200 when the CMS answers its /_health/live and, with REDIS_URL, the
 *                       purge subscription is connected, each within 2 s; else 503 naming the check
 *   GET /metrics        Prometheus text (prom-client): request latency by method and status, page
 *                       cache hits, stale hits, misses and bypasses; METRICS_TOKEN as a bearer
 *                       token, or loopback outside production (shared/src/operations)
 */
import { metricsAccess } from '@sala/shared/operations';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const CHECK_MS = 2_000;

/**
 * @param {{ cacheStats: { hits: number, stale: number, misses: number, bypassed: number }, cmsUrl: () => string | undefined, redis: () => Promise<{ isReady?: boolean } | null> }} options
 */
export function createOperations({ cacheStats, cmsUrl, redis }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'sala_storefront_' });
  const duration = new Histogram({
    name: 'sala_storefront_http_request_duration_seconds',
    help: 'Storefront request latency by method and status',
    labelNames: ['method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Counter({
    name: 'sala_page_cache_requests_total',
    help: 'Anonymous page requests by what the page cache did: hit, stale (served, rendered again), miss, bypass',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [result, count] of [
        ['hit', cacheStats.hits],
        ['stale', cacheStats.stale],
        ['miss', cacheStats.misses],
        ['bypass', cacheStats.bypassed],
      ])
        this.inc({ result }, count);
    },
  });

  async function readiness() {
    const checks = {};
    const base = cmsUrl();
    try {
      const answer = await fetch(`${base}/_health/live`, { signal: AbortSignal.timeout(CHECK_MS) });
      checks.cms = answer.ok ? 'ok' : 'failing';
    } catch {
      checks.cms = 'failing';
    }
    if (process.env.REDIS_URL?.trim()) {
      const client = await Promise.race([redis(), new Promise((resolve) => setTimeout(resolve, CHECK_MS, null))]);
      checks.redis = client?.isReady ? 'ok' : 'failing';
    }
    return { ready: Object.values(checks).every((value) => value === 'ok'), checks };
  }

  const send = (res, status, type, body, headers = {}) => {
    res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
    res.end(body);
  };

  /** Answers an operators' request and returns true; otherwise times the request and returns false. */
  function serve(req, res) {
    const path = String(req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/_health/live') {
      send(res, 200, 'application/json', JSON.stringify({ status: 'live' }));
      return true;
    }
    if (req.method === 'GET' && path === '/_health/ready') {
      void readiness().then(({ ready, checks }) => send(res, ready ? 200 : 503, 'application/json', JSON.stringify({ status: ready ? 'ready' : 'not ready', checks })));
      return true;
    }
    if (req.method === 'GET' && path === '/metrics') {
      const access = metricsAccess(req.headers.authorization, req.socket.remoteAddress, process.env);
      if (access === 'allowed') void registry.metrics().then((text) => send(res, 200, registry.contentType, text));
      else if (access === 'refused') send(res, 401, 'text/plain; charset=utf-8', 'unauthorised', { 'WWW-Authenticate': 'Bearer' });
      else send(res, 404, 'text/plain; charset=utf-8', 'not found');
      return true;
    }
    const stop = duration.startTimer({ method: req.method });
    res.once('finish', () => stop({ status: String(res.statusCode) }));
    return false;
  }

  return { serve, registry };
}
