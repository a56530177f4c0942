/**
 * What production (NODE_ENV=production) refuses to start with
 * (docs/decisions/156-production-refuses-unsafe-configuration.md):
 * - a secret that is unset, short, repeated or a published example (`@sala/shared/config`),
 *   checked by cms/config/server.ts while the configuration loads, before the database opens;
 * - an enabled payment method that still holds a sandbox demo key or points at a sandbox,
 *   checked in bootstrap, unless DEMO_DEPLOYMENT=true declares a demonstration server;
 * - social sign-in through the identity stand-in, with its demo keys, or at a base URL that is
 *   not https on a public host (ADR 175), checked with the secrets, unless DEMO_DEPLOYMENT=true.
 * - tax documents switched on with no Chromium to print them (ADR 189), checked with the secrets;
 * The demo seed runs in production only with SEED_DEMO=true; elsewhere unless SEED_DEMO=false.
 */
import type { Core } from '@strapi/strapi';
import { CMS_SECRETS, describeUnsafeSecrets, isProduction, unsafeSecrets } from '@sala/shared/config';
import { SOCIAL_PROVIDERS, type DemoIdentityKeys } from './api/social-sign-in/lib/providers';
import { loadSandboxDemoKeys } from './seed/sandbox-keys';
import { findChromium } from './api/tax-document/lib/chromium';
import { taxDocumentsEnabled } from './api/tax-document/lib/switch';

type Env = Readonly<Record<string, string | undefined>>;

/** Throws, naming every unsafe secret, when production is configured with one. */
export function assertSafeProductionSecrets(env: Env = process.env): void {
  if (!isProduction(env)) return;
  const issues = unsafeSecrets(env, CMS_SECRETS);
  if (issues.length > 0) throw new Error(describeUnsafeSecrets('The CMS', issues));
}

/** Whether bootstrap seeds the demo data (public demo accounts and sandbox payment keys). */
export function shouldSeedDemo(env: Env = process.env): boolean {
  return isProduction(env) ? env.SEED_DEMO === 'true' : env.SEED_DEMO !== 'false';
}

/** A production server that is a public demonstration, allowed to pay against the sandboxes. */
export function isDemoDeployment(env: Env = process.env): boolean {
  return env.DEMO_DEPLOYMENT === 'true';
}

type MethodRow = {
  id: number;
  method_id: number | null;
  name: string | null;
  application_id_1: string | null;
  application_id_2: string | null;
  webhook_secret: string | null;
  api_key: string | null;
  base_url: string | null;
};

const KEY_FIELDS = ['application_id_1', 'application_id_2', 'webhook_secret', 'api_key'] as const;
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/** The values the demo seed stores in key fields (payment-sandbox/src/demo-keys.ts, the one source). */
export function sandboxDemoKeyValues(): Set<string> {
  const { DEMO_METHOD_CONFIG } = loadSandboxDemoKeys();
  const values = new Set<string>();
  for (const config of Object.values(DEMO_METHOD_CONFIG)) {
    for (const value of [config.applicationId1, config.applicationId2, config.webhookSecret, config.apiKey]) {
      if (value) values.add(value);
    }
  }
  return values;
}

/**
 * A base_url that reaches a sandbox: the one-origin form (the sandbox layout, which the
 * payment code honours outside production mode only), or any URL on a loopback host.
 */
export function isSandboxBaseUrl(baseUrl: string | null): boolean {
  const text = baseUrl?.trim();
  if (!text) return false;
  const urls: string[] = [];
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object') urls.push(...Object.values(parsed as Record<string, unknown>).filter((v): v is string => typeof v === 'string'));
    } catch {
      return false;
    }
  } else {
    if (/^https?:\/\/[^/]+\/?$/i.test(text)) return true;
    urls.push(text);
  }
  return urls.some((url) => {
    try {
      return LOOPBACK.test(new URL(url).hostname);
    } catch {
      return false;
    }
  });
}

/** One line per enabled payment method that still pays against a sandbox. */
export function sandboxPaymentProblems(methods: readonly MethodRow[], demoKeys: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const method of methods) {
    const label = `payment method ${method.method_id ?? '?'} (${method.name ?? `row ${method.id}`})`;
    const fields = KEY_FIELDS.filter((field) => {
      const value = method[field]?.trim();
      return value ? demoKeys.has(value) : false;
    });
    if (fields.length > 0) problems.push(`  ${label} holds the sandbox demo key in ${fields.join(', ')}`);
    if (isSandboxBaseUrl(method.base_url)) problems.push(`  ${label} points at a sandbox: base_url ${method.base_url}`);
  }
  return problems;
}

/**
 * In production, refuses enabled payment methods that still hold the sandbox demo keys or
 * point at a sandbox, unless DEMO_DEPLOYMENT=true. Call from bootstrap, after any seeding.
 */
export async function assertNoSandboxPayments(strapi: Core.Strapi, env: Env = process.env): Promise<void> {
  if (!isProduction(env) || isDemoDeployment(env)) return;
  const methods = (await strapi.db.query('api::payment-method.payment-method').findMany({
    where: { enabled: true },
    select: ['id', 'method_id', 'name', ...KEY_FIELDS, 'base_url'],
  })) as MethodRow[];
  if (methods.length === 0) return;
  const problems = sandboxPaymentProblems(methods, sandboxDemoKeyValues());
  if (problems.length === 0) return;
  throw new Error(
    [
      'The CMS refuses to start in production (NODE_ENV=production) with payment methods that pay against the local sandboxes:',
      ...problems,
      "Enter the provider's real keys and hosts in the admin panel (Payment method), or disable the method.",
      'If this production server is a demonstration that pays against the sandboxes, set DEMO_DEPLOYMENT=true.',
    ].join('\n'),
  );
}

/** One line per sign-in provider that would reach the identity stand-in or use its demo keys. */
export function socialSignInProblems(env: Env, demoKeys: () => DemoIdentityKeys): string[] {
  const problems: string[] = [];
  if (env.SOCIAL_SIGN_IN_STAND_IN?.trim()) problems.push(`  SOCIAL_SIGN_IN_STAND_IN is set (${env.SOCIAL_SIGN_IN_STAND_IN.trim()}): sign-in would go to the identity stand-in`);
  const demo = new Set(Object.values(demoKeys()).flatMap((keys) => [keys.clientId, keys.clientSecret]));
  for (const provider of SOCIAL_PROVIDERS) {
    const name = `SOCIAL_${provider.toUpperCase()}`;
    const own = { clientId: env[`${name}_CLIENT_ID`]?.trim() ?? '', clientSecret: env[`${name}_CLIENT_SECRET`]?.trim() ?? '', baseUrl: env[`${name}_BASE_URL`]?.trim() || null };
    const settings = own;
    const demoFields = [
      settings.clientId && demo.has(settings.clientId) ? `${name}_CLIENT_ID` : null,
      settings.clientSecret && demo.has(settings.clientSecret) ? `${name}_CLIENT_SECRET` : null,
    ].filter(Boolean);
    if (demoFields.length > 0) problems.push(`  ${demoFields.join(' and ')} hold the identity stand-in's demo key`);
    if (own.baseUrl) {
      let url: URL | null;
      try {
        url = new URL(own.baseUrl);
      } catch {
        url = null;
      }
      if (!url || url.protocol !== 'https:' || LOOPBACK.test(url.hostname)) problems.push(`  ${name}_BASE_URL (${own.baseUrl}) is not an https address of a public host`);
    }
  }
  return problems;
}

/** In production, refuses sign-in through the stand-in or with its demo keys, unless DEMO_DEPLOYMENT=true. */
export function assertSafeSocialSignIn(env: Env = process.env, demoKeys: () => DemoIdentityKeys = () => loadSandboxDemoKeys().IDENTITY_DEMO_KEYS): void {
  if (!isProduction(env) || isDemoDeployment(env)) return;
  const problems = socialSignInProblems(env, demoKeys);
  if (problems.length === 0) return;
  throw new Error(
    [
      'The CMS refuses to start in production (NODE_ENV=production) with social sign-in set up for the local stand-in:',
      ...problems,
      "Set each provider's own client id and secret (SOCIAL_GOOGLE_CLIENT_ID and _CLIENT_SECRET, and the same for FACEBOOK and LINE), or leave them unset to keep that provider closed.",
      'If this production server is a demonstration that signs in against the stand-in, set DEMO_DEPLOYMENT=true.',
    ].join('\n'),
  );
}

/**
 * Tax documents on (TAX_DOCUMENTS=true) with no Chromium to print them: production refuses to
 * start rather than approve orders whose documents can never be printed (ADR 189).
 */
export function assertChromiumForDocuments(env: Env = process.env, find: (env: Env) => string | null = findChromium): void {
  if (!isProduction(env) || !taxDocumentsEnabled(env)) return;
  if (!find(env)) throw new Error('The CMS issues tax documents (TAX_DOCUMENTS=true) but finds no Chromium to print them: install chromium or set CHROMIUM_PATH.');
}
