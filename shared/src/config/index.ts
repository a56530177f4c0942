/**
 * What production refuses as a secret, in one place for the CMS and the storefront
 * (docs/decisions/156-production-refuses-unsafe-configuration.md). A secret is unsafe when
 * it is unset, shorter than MIN_SECRET_LENGTH, one character repeated, one of the example
 * values shipped with Strapi, this repository or its tests, or carries a placeholder marker
 * such as "change-me". Pure: the callers pass their environment and decide what to do.
 */

/** Characters a production secret has at least: `openssl rand -base64 48` gives 64. */
export const MIN_SECRET_LENGTH = 32;

/**
 * Example values published in the repository and in Strapi's own templates: the
 * storefront's former development fallback, the deployment example, the test suites'
 * throwaway values and Strapi's `.env.example`.
 */
export const KNOWN_EXAMPLE_SECRETS: readonly string[] = [
  'change-me',
  'change-me-1',
  'change-me-2',
  'changeme',
  'tobemodified',
  'toBeModified1',
  'toBeModified2',
  'secret',
  'sala-dev-session-secret-change-me',
  'e2e-session-secret-0123456789',
  'e2e-page-cache-secret-0123456789',
  'bench-page-cache-secret',
  'test-api-token-salt',
  'test-admin-jwt-secret',
  'test-transfer-token-salt',
  'test-jwt-secret',
  'test-encryption-key-0123456789abcdef',
  'testKeyA',
  'testKeyB',
];

/** Words that mark a value as a placeholder to be replaced, whatever surrounds them. */
const PLACEHOLDER_MARKERS = ['change-me', 'changeme', 'change_me', 'tobemodified', 'replace-me', 'replaceme'];

const known = new Set(KNOWN_EXAMPLE_SECRETS.map((value) => value.toLowerCase()));

/** Why one secret value is unsafe for production, or null when it is acceptable. */
export function secretProblem(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (!text) return 'is not set';
  const lower = text.toLowerCase();
  if (known.has(lower)) return 'is a published example value';
  if (PLACEHOLDER_MARKERS.some((marker) => lower.includes(marker))) return 'is a placeholder to be replaced';
  if (text.length < MIN_SECRET_LENGTH) return `is shorter than ${MIN_SECRET_LENGTH} characters`;
  if (new Set(text).size === 1) return 'is one character repeated';
  return null;
}

/** One secret variable to check: `optional` ones are checked only when set; `list` ones hold comma-separated keys, each checked. */
export type SecretSpec = string | { name: string; optional?: boolean; list?: boolean };

export type SecretIssue = { name: string; problem: string };

/** Every unsafe secret among `names` in `env`, in the order given; empty when all are safe. */
export function unsafeSecrets(env: Readonly<Record<string, string | undefined>>, names: readonly SecretSpec[]): SecretIssue[] {
  const issues: SecretIssue[] = [];
  for (const spec of names) {
    const { name, optional = false, list = false } = typeof spec === 'string' ? { name: spec } : spec;
    const value = env[name]?.trim() ?? '';
    if (!value) {
      if (!optional) issues.push({ name, problem: 'is not set' });
      continue;
    }
    const parts = list ? value.split(',').map((part) => part.trim()) : [value];
    const problems = parts.map((part) => secretProblem(part));
    const index = problems.findIndex((problem) => problem !== null);
    if (index === -1) continue;
    issues.push({ name, problem: list ? `key ${index + 1} ${problems[index]}` : (problems[index] as string) });
  }
  return issues;
}

/** The CMS's secrets (Strapi's and the shop's own); PAGE_CACHE_SECRET only when the page cache is used. */
export const CMS_SECRETS: readonly SecretSpec[] = [
  { name: 'APP_KEYS', list: true },
  'API_TOKEN_SALT',
  'ADMIN_JWT_SECRET',
  'TRANSFER_TOKEN_SALT',
  'JWT_SECRET',
  'ENCRYPTION_KEY',
  // the storefront signs each visitor's address with it; limits key on that address (ADR 158)
  'CLIENT_ADDRESS_SECRET',
  // signs the preview links of unpublished entries (ADR 170)
  'PREVIEW_SECRET',
  { name: 'PAGE_CACHE_SECRET', optional: true },
];

/** The storefront's secrets; PAGE_CACHE_SECRET only when the page cache is used. */
export const STOREFRONT_SECRETS: readonly SecretSpec[] = ['SESSION_SECRET', 'CLIENT_ADDRESS_SECRET', 'PREVIEW_SECRET', { name: 'PAGE_CACHE_SECRET', optional: true }];

/** True when NODE_ENV says production. */
export function isProduction(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.NODE_ENV === 'production';
}

/** A message that names every unsafe variable and says how to make a good value. */
export function describeUnsafeSecrets(app: string, issues: readonly SecretIssue[]): string {
  const lines = issues.map((issue) => `  ${issue.name} ${issue.problem}`);
  return [
    `${app} refuses to start in production (NODE_ENV=production) with unsafe secrets:`,
    ...lines,
    `Set each to a long random value (at least ${MIN_SECRET_LENGTH} characters), e.g. the output of \`openssl rand -base64 48\`.`,
  ].join('\n');
}
