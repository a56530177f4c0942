import { z } from 'zod';
import { STOREFRONT_SECRETS, describeUnsafeSecrets, isProduction, unsafeSecrets } from '@sala/shared/config';

const trimSlash = (value: string) => value.replace(/\/+$/, '');

/**
 * Used when SESSION_SECRET is unset outside production, so a fresh clone runs. Production
 * refuses to start without a strong SESSION_SECRET of its own (ADR 156).
 */
export const DEV_SESSION_SECRET = 'sala-dev-session-secret-change-me';

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Where the storefront's server reaches the CMS. */
    CMS_URL: z
      .url({ protocol: /^https?$/ })
      .default('http://127.0.0.1:1337')
      .transform(trimSlash),
    /** Where browsers fetch CMS uploads (/uploads/...); the CMS_URL when unset. */
    CMS_PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .transform((value) => (value ? trimSlash(value) : undefined)),
    /** Where browsers open the CMS real-time channel (https:// or wss://) when not through the storefront's own /socket.io (ADR 202). */
    REALTIME_PUBLIC_URL: z
      .url({ protocol: /^(https|wss)$/ })
      .optional()
      .transform((value) => (value ? trimSlash(value) : undefined)),
    /** Milliseconds before a CMS call is abandoned. */
    CMS_TIMEOUT_MS: z.coerce.number().int().positive().default(4000),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Signs the session cookie that holds a signed-in student's CMS token; production requires a long random value. */
    SESSION_SECRET: z.string().min(16).default(DEV_SESSION_SECRET),
    /**
     * The storefront's public origin (https://shop.example): every absolute URL of a page
     * (canonical, og:url, JSON-LD) and the page cache's own renders use it, never the request's
     * Host. Required in production; http://localhost:{PORT} otherwise.
     */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .transform((value) => (value ? new URL(value).origin : undefined)),
    /** Origins of payment providers' browser endpoints beyond https (a local sandbox): allowed in the pages' CSP. */
    PAYMENT_PROVIDER_ORIGINS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const origins: string[] = [];
        for (const part of (value ?? '').split(/[\s,]+/).filter(Boolean)) {
          let url: URL | null;
          try {
            url = new URL(part);
          } catch {
            url = null;
          }
          if (!url || !/^https?:$/.test(url.protocol)) {
            ctx.addIssue({ code: 'custom', message: `not an http(s) origin: ${part}` });
            return z.NEVER;
          }
          origins.push(url.origin);
        }
        return origins;
      }),
    /** Signs the visitor's address on CMS calls (the CMS's CLIENT_ADDRESS_SECRET); unset, the CMS counts the storefront's address. */
    CLIENT_ADDRESS_SECRET: z.string().min(16).optional(),
    /** Checks the preview links the CMS signs (the CMS's PREVIEW_SECRET, ADR 170); unset, /preview answers 404. */
    PREVIEW_SECRET: z.string().min(16).optional(),
    /** Send the session cookie over HTTPS only; on by default in production. */
    SESSION_COOKIE_SECURE: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'true')),
  })
  .transform((env, ctx) => {
    if (!env.PUBLIC_URL && env.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'required in production: the public origin of the storefront (https://shop.example)' });
      return z.NEVER;
    }
    return env;
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    CMS_PUBLIC_URL: env.CMS_PUBLIC_URL ?? env.CMS_URL,
    SESSION_COOKIE_SECURE: env.SESSION_COOKIE_SECURE ?? env.NODE_ENV === 'production',
  }));

export type Env = z.infer<typeof EnvSchema>;

/**
 * Parses an environment; throws one readable error listing every bad variable. In production
 * an unset, short or example SESSION_SECRET or CLIENT_ADDRESS_SECRET (or PAGE_CACHE_SECRET, when set) is one,
 * named with the rest.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const blanksRemoved = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  // Every problem at once: the unsafe secrets first, then whatever else the schema refuses.
  const messages: string[] = [];
  if (isProduction(blanksRemoved)) {
    const issues = unsafeSecrets(blanksRemoved, STOREFRONT_SECRETS);
    if (issues.length > 0) messages.push(describeUnsafeSecrets('The storefront', issues));
  }
  const result = EnvSchema.safeParse(blanksRemoved);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`).join('\n');
    messages.push(`Invalid storefront environment:\n${problems}`);
  }
  if (messages.length > 0 || !result.success) throw new Error(messages.join('\n'));
  return result.data;
}

let cached: Env | undefined;

/** The validated environment; the first call (at start-up, from entry.server) fails fast on bad values. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
