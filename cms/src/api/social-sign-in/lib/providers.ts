/**
 * The sign-in providers and where each one's configuration comes from (ADR 175). A provider is
 * open when its client id and secret are set:
 *   SOCIAL_<GOOGLE|FACEBOOK|LINE>_CLIENT_ID, _CLIENT_SECRET   the app's (channel's) credentials
 *   SOCIAL_<...>_BASE_URL   optional: every endpoint's path under this base instead of the real hosts
 *   SOCIAL_SIGN_IN_STAND_IN  the identity stand-in's URL (payment-sandbox): every provider not
 *                            configured above goes there with the stand-in's demo keys
 * Production refuses demo keys and stand-in addresses (src/production.ts).
 */
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'line'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

type Endpoint = readonly [realOrigin: string, path: string];

export type ProviderDefinition = {
  authorize: Endpoint;
  token: Endpoint;
  /** Where the profile is read; null when the ID token carries it (OpenID Connect). */
  profile: Endpoint | null;
  scope: string;
  /** The ID token's accepted issuers; null for a provider without OpenID Connect (Facebook). */
  issuers: readonly string[] | null;
  /** Proof Key for Code Exchange (RFC 7636, S256). */
  pkce: boolean;
};

export const PROVIDER_DEFINITIONS: Readonly<Record<SocialProvider, ProviderDefinition>> = {
  google: {
    authorize: ['https://accounts.google.com', '/o/oauth2/v2/auth'],
    token: ['https://oauth2.googleapis.com', '/token'],
    profile: null,
    scope: 'openid email profile',
    issuers: ['https://accounts.google.com', 'accounts.google.com'],
    pkce: true,
  },
  facebook: {
    authorize: ['https://www.facebook.com', '/v21.0/dialog/oauth'],
    token: ['https://graph.facebook.com', '/v21.0/oauth/access_token'],
    profile: ['https://graph.facebook.com', '/v21.0/me'],
    scope: 'email,public_profile',
    issuers: null,
    pkce: false,
  },
  line: {
    authorize: ['https://access.line.me', '/oauth2/v2.1/authorize'],
    token: ['https://api.line.me', '/oauth2/v2.1/token'],
    profile: null,
    scope: 'openid profile email',
    issuers: ['https://access.line.me'],
    pkce: true,
  },
};

export type ProviderConfig = {
  provider: SocialProvider;
  clientId: string;
  clientSecret: string;
  /** Set when the endpoints are not the real hosts'. */
  baseUrl: string | null;
  authorizeUrl: string;
  tokenUrl: string;
  profileUrl: string | null;
};

type Env = Readonly<Record<string, string | undefined>>;
export type DemoIdentityKeys = Readonly<Record<SocialProvider, { clientId: string; clientSecret: string }>>;

export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

const envName = (provider: SocialProvider, field: string) => `SOCIAL_${provider.toUpperCase()}_${field}`;

/** What the environment says of one provider: its credentials and base URL, the stand-in's when it stands in. */
export function providerSettings(provider: SocialProvider, env: Env, demoKeys: () => DemoIdentityKeys): { clientId: string; clientSecret: string; baseUrl: string | null } {
  const clientId = env[envName(provider, 'CLIENT_ID')]?.trim() ?? '';
  const clientSecret = env[envName(provider, 'CLIENT_SECRET')]?.trim() ?? '';
  const baseUrl = env[envName(provider, 'BASE_URL')]?.trim().replace(/\/+$/, '') || null;
  const standIn = env.SOCIAL_SIGN_IN_STAND_IN?.trim().replace(/\/+$/, '');
  if (!clientId && !clientSecret && standIn) return { ...demoKeys()[provider], baseUrl: `${standIn}/${provider}` };
  return { clientId, clientSecret, baseUrl };
}

/** One provider's configuration, or null while it is not open (no client id or secret). */
export function providerConfig(provider: SocialProvider, env: Env, demoKeys: () => DemoIdentityKeys): ProviderConfig | null {
  const { clientId, clientSecret, baseUrl } = providerSettings(provider, env, demoKeys);
  if (!clientId || !clientSecret) return null;
  const definition = PROVIDER_DEFINITIONS[provider];
  const at = ([origin, path]: Endpoint) => `${baseUrl ?? origin}${path}`;
  return {
    provider,
    clientId,
    clientSecret,
    baseUrl,
    authorizeUrl: at(definition.authorize),
    tokenUrl: at(definition.token),
    profileUrl: definition.profile ? at(definition.profile) : null,
  };
}
