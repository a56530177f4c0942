/**
 * The storefront server's request ids and log lines (docs/decisions/200-json-logs-and-request-ids.md).
 *
 * Every request gets an id: a well-formed `X-Request-Id` when the request came through a proxy
 * named in TRUSTED_PROXIES (the load balancer's trace id), else a fresh UUID. It is echoed in the
 * answer's `X-Request-Id`, sent to the CMS on each call made for the request, and written in the
 * access line. LOG_FORMAT=json (the default in production) writes one JSON object a line; `pretty`
 * the readable line of before. The path is logged without its query string (a query can carry
 * tokens or the card hand-off).
 */
import { randomUUID } from 'node:crypto';
import { wellFormedRequestId } from '@sala/shared/operations';

export function logFormat(env = process.env) {
  const asked = env.LOG_FORMAT?.trim();
  if (asked === 'json' || asked === 'pretty') return asked;
  return env.NODE_ENV === 'production' ? 'json' : 'pretty';
}

const json = logFormat() === 'json';

/** One log line: a JSON object (time, level, msg and the fields) or `msg` as it was. */
export function log(level, msg, fields = {}) {
  if (json) {
    const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
    (level === 'error' || level === 'warn' ? console.error : console.log)(line);
  } else {
    (level === 'error' || level === 'warn' ? console.error : console.log)(fields.requestId ? `${msg} [${fields.requestId}]` : msg);
  }
}

export const pathOnly = (url) => String(url ?? '').split('?')[0];

/**
 * The request's id, set as `X-Request-Id` on the answer. `fromTrustedProxy(address)` tells whether
 * the peer is a proxy of TRUSTED_PROXIES (Express's compiled `trust proxy`); without one the
 * incoming header is ignored, so a visitor cannot choose the id written beside their requests.
 */
export function assignRequestId(req, res, fromTrustedProxy) {
  const incoming = fromTrustedProxy(req.socket.remoteAddress ?? '') ? wellFormedRequestId(req.headers['x-request-id']) : null;
  const requestId = incoming ?? randomUUID();
  req.requestId = requestId;
  res.setHeader('X-Request-Id', requestId);
  return requestId;
}

/** Writes the access line once the answer is sent. */
export function logAccess(req, res) {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
    const path = pathOnly(req.originalUrl ?? req.url);
    const length = res.getHeader('content-length') ?? '-';
    log('info', `${req.method} ${path} ${res.statusCode} ${length} - ${ms} ms`, { requestId: req.requestId, method: req.method, path, status: res.statusCode, ms });
  });
}
