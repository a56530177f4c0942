/**
 * What the CMS and the storefront server both decide about requests they serve for operators:
 * the request id they accept (ADR 200) and who may read /metrics (ADR 201).
 */
/**
 * A request id either side accepts from the other: 8 to 64 letters, digits, `.`, `_`, `:` or `-`
 * (a UUID, a load balancer's trace id). Anything else (too long, spaces, line breaks that would
 * forge a log line) is replaced by a fresh UUID.
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,64}$/;

/** The incoming id when it is well formed, else null. */
export function wellFormedRequestId(value: unknown): string | null {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value) ? value : null;
}

/** Compares a given secret with the expected one in a time that depends on the expected one's length only. */
function sameSecret(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length;
  for (let index = 0; index < expected.length; index += 1) difference |= (given.charCodeAt(index) || 0) ^ expected.charCodeAt(index);
  return difference === 0;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export type MetricsAccess = 'allowed' | 'refused' | 'off';

/**
 * Who may read /metrics. With METRICS_TOKEN: a caller sending `Authorization: Bearer <token>`,
 * from any address. Without it: outside production, a caller on the loopback address (its own
 * socket's, never a forwarded one); in production nobody (the endpoint is off), since a reverse
 * proxy on the same machine makes every visitor a loopback caller.
 */
export function metricsAccess(authorization: string | undefined, peer: string | undefined, env: Record<string, string | undefined>): MetricsAccess {
  const token = env.METRICS_TOKEN?.trim();
  if (token) {
    const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
    return sameSecret(given, token) ? 'allowed' : 'refused';
  }
  if (env.NODE_ENV === 'production') return 'off';
  return LOOPBACK.test(peer ?? '') ? 'allowed' : 'refused';
}
