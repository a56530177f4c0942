/**
 * A local stand-in of Google, Facebook and LINE sign-in, each under `/<provider>` on one port,
 * at the paths the real hosts use: the authorize page (a consent page that picks an account),
 * the token endpoint (authorization code, client secret, redirect URI, PKCE S256; a code works
 * once and for ten minutes), the profile endpoint, and an ID token for the OpenID Connect
 * providers (Google RS256 with its JWKS, LINE HS256 with the channel secret).
 */
import { createHash, randomBytes } from 'node:crypto';
import { IDENTITY_DEMO_KEYS, IDENTITY_PROVIDER_NAMES, identityBaseUrl, type IdentityProviderName } from '../demo-keys';
import { safeEqual } from '../lib/crypto';
import { html, json, redirect, serve, type Reply, type Route, type SandboxRequest } from '../lib/http';
import { accountFromForm, DEMO_IDENTITY_ACCOUNTS, type IdentityAccount } from './accounts';
import { consentPage, errorPage } from './pages';
import { createRsaSigner, signHs256 } from './tokens';

type Protocol = { authorize: string; token: string; profile: string; issuer: string | null };

/** The real paths (after each real host) the stand-in answers at. */
export const IDENTITY_PATHS: Readonly<Record<IdentityProviderName, Protocol>> = {
  google: { authorize: '/o/oauth2/v2/auth', token: '/token', profile: '/v1/userinfo', issuer: 'https://accounts.google.com' },
  facebook: { authorize: '/v21.0/dialog/oauth', token: '/v21.0/oauth/access_token', profile: '/v21.0/me', issuer: null },
  line: { authorize: '/oauth2/v2.1/authorize', token: '/oauth2/v2.1/token', profile: '/v2/profile', issuer: 'https://access.line.me' },
};

const CODE_SECONDS = 600;
const TOKEN_SECONDS = 3600;

type Grant = {
  provider: IdentityProviderName;
  clientId: string;
  redirectUri: string;
  scope: string[];
  nonce: string | null;
  challenge: string | null;
  account: IdentityAccount;
  expiresAt: number;
  used: boolean;
};

export type IdentityStandInOptions = { port?: number; host?: string; publicHost?: string; keys?: Partial<typeof IDENTITY_DEMO_KEYS> };

export type RunningIdentityStandIn = {
  url: string;
  port: number;
  /** The base URL the CMS is configured with for one provider. */
  baseUrl(provider: IdentityProviderName): string;
  close(): Promise<void>;
};

const oauthError = (provider: IdentityProviderName, status: number, error: string, description: string): Reply =>
  provider === 'facebook' ? json(status, { error: { message: description, type: 'OAuthException', code: 100 } }) : json(status, { error, error_description: description });

export async function createIdentityStandIn(options: IdentityStandInOptions = {}): Promise<RunningIdentityStandIn> {
  const keys = { ...IDENTITY_DEMO_KEYS, ...options.keys };
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, { provider: IdentityProviderName; account: IdentityAccount; scope: string[]; expiresAt: number }>();
  const rsa = createRsaSigner();

  function readRequest(provider: IdentityProviderName, params: URLSearchParams): { error: string } | { clientId: string; redirectUri: URL; state: string } {
    const clientId = params.get('client_id') ?? '';
    if (clientId !== keys[provider].clientId) return { error: `Unknown client_id "${clientId}".` };
    if (provider !== 'facebook' && params.get('response_type') !== 'code') return { error: 'response_type must be code.' };
    let redirectUri: URL;
    try {
      redirectUri = new URL(params.get('redirect_uri') ?? '');
    } catch {
      return { error: 'redirect_uri is missing or not a URL.' };
    }
    if (!/^https?:$/.test(redirectUri.protocol)) return { error: 'redirect_uri must be http or https.' };
    const challenge = params.get('code_challenge');
    if (challenge && params.get('code_challenge_method') !== 'S256') return { error: 'code_challenge_method must be S256.' };
    return { clientId, redirectUri, state: params.get('state') ?? '' };
  }

  function back(target: URL, fields: Record<string, string>): Reply {
    const url = new URL(target);
    for (const [name, value] of Object.entries(fields)) if (value) url.searchParams.set(name, value);
    return redirect(url.toString());
  }

  function authorize(provider: IdentityProviderName) {
    return (request: SandboxRequest): Reply => {
      const read = readRequest(provider, request.query);
      if ('error' in read) return html(errorPage(read.error), 400);
      return html(consentPage(provider, request.query.toString(), DEMO_IDENTITY_ACCOUNTS[provider]));
    };
  }

  function consent(provider: IdentityProviderName) {
    return (request: SandboxRequest): Reply => {
      const form = request.form();
      const params = new URLSearchParams(form.request ?? '');
      const read = readRequest(provider, params);
      if ('error' in read) return html(errorPage(read.error), 400);
      if (form.cancel) return back(read.redirectUri, { error: 'access_denied', error_description: 'The user cancelled.', state: read.state });
      const account = accountFromForm(provider, form);
      if (!account) return html(errorPage('Choose an account.'), 400);
      const code = randomBytes(18).toString('base64url');
      grants.set(code, {
        provider,
        clientId: read.clientId,
        redirectUri: params.get('redirect_uri') ?? '',
        scope: (params.get('scope') ?? '').split(/[\s,]+/).filter(Boolean),
        nonce: params.get('nonce'),
        challenge: params.get('code_challenge'),
        account,
        expiresAt: Date.now() + CODE_SECONDS * 1000,
        used: false,
      });
      return back(read.redirectUri, { code, state: read.state });
    };
  }

  function idToken(grant: Grant): string | undefined {
    const issuer = IDENTITY_PATHS[grant.provider].issuer;
    if (!issuer || !grant.scope.includes('openid')) return undefined;
    const now = Math.floor(Date.now() / 1000);
    const withEmail = grant.scope.includes('email') && grant.account.email;
    const claims: Record<string, unknown> = {
      iss: issuer,
      sub: grant.account.subject,
      aud: grant.clientId,
      iat: now,
      exp: now + TOKEN_SECONDS,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
      ...(grant.scope.includes('profile') ? { name: grant.account.name } : {}),
    };
    if (grant.provider === 'google') {
      if (withEmail) Object.assign(claims, { email: grant.account.email, email_verified: grant.account.emailVerified });
      return rsa.sign({ ...claims, azp: grant.clientId });
    }
    if (withEmail) claims.email = grant.account.email;
    return signHs256({ ...claims, amr: ['pwd'] }, keys.line.clientSecret);
  }

  function token(provider: IdentityProviderName) {
    return (request: SandboxRequest): Reply => {
      const fields = request.method === 'GET' ? Object.fromEntries(request.query) : request.form();
      if (provider !== 'facebook' && fields.grant_type !== 'authorization_code') return oauthError(provider, 400, 'unsupported_grant_type', 'grant_type must be authorization_code');
      if (fields.client_id !== keys[provider].clientId || !safeEqual(fields.client_secret ?? '', keys[provider].clientSecret)) {
        return oauthError(provider, 401, 'invalid_client', 'The client id or secret is wrong.');
      }
      const grant = grants.get(fields.code ?? '');
      if (!grant || grant.provider !== provider || grant.used || grant.expiresAt < Date.now()) return oauthError(provider, 400, 'invalid_grant', 'The code is unknown, used or expired.');
      // a code is spent by its first exchange, right or wrong
      grant.used = true;
      if (grant.clientId !== fields.client_id || grant.redirectUri !== fields.redirect_uri) return oauthError(provider, 400, 'invalid_grant', 'redirect_uri does not match the authorization request.');
      if (grant.challenge) {
        const verifier = fields.code_verifier ?? '';
        if (!verifier || createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) return oauthError(provider, 400, 'invalid_grant', 'code_verifier does not match.');
      }
      const accessToken = randomBytes(24).toString('base64url');
      accessTokens.set(accessToken, { provider, account: grant.account, scope: grant.scope, expiresAt: Date.now() + TOKEN_SECONDS * 1000 });
      const id_token = idToken(grant);
      return json(200, {
        access_token: accessToken,
        token_type: provider === 'facebook' ? 'bearer' : 'Bearer',
        expires_in: TOKEN_SECONDS,
        scope: grant.scope.join(' '),
        ...(id_token ? { id_token } : {}),
      });
    };
  }

  function profile(provider: IdentityProviderName) {
    return (request: SandboxRequest): Reply => {
      const bearer = /^Bearer\s+(.+)$/i.exec(request.header('authorization') ?? '')?.[1];
      const found = accessTokens.get(bearer ?? request.query.get('access_token') ?? '');
      if (!found || found.provider !== provider || found.expiresAt < Date.now()) return oauthError(provider, 401, 'invalid_token', 'The access token is invalid.');
      const { account, scope } = found;
      if (provider === 'google')
        return json(200, { sub: account.subject, name: account.name, ...(scope.includes('email') && account.email ? { email: account.email, email_verified: account.emailVerified } : {}) });
      if (provider === 'line') return json(200, { userId: account.subject, displayName: account.name });
      const wanted = (request.query.get('fields') ?? 'id,name').split(',');
      return json(200, {
        id: account.subject,
        ...(wanted.includes('name') ? { name: account.name } : {}),
        ...(wanted.includes('email') && scope.includes('email') && account.email ? { email: account.email } : {}),
      });
    };
  }

  const routes: Route[] = [];
  for (const provider of IDENTITY_PROVIDER_NAMES) {
    const paths = IDENTITY_PATHS[provider];
    const base = `/${provider}`;
    routes.push(['GET', `${base}${paths.authorize}`, authorize(provider)], ['POST', `${base}/__consent`, consent(provider)]);
    routes.push(['POST', `${base}${paths.token}`, token(provider)], ['GET', `${base}${paths.profile}`, profile(provider)]);
    if (provider === 'facebook') routes.push(['GET', `${base}${paths.token}`, token(provider)]);
  }
  routes.push(['GET', '/google/oauth2/v3/certs', () => json(200, rsa.jwks)]);
  routes.push(['GET', '/', () => html(errorPage('Identity stand-in: Google, Facebook and LINE sign-in under /google, /facebook and /line.').replace('Sign-in error', 'Identity stand-in'))]);

  const host = options.host ?? '127.0.0.1';
  const { server, port } = await serve(routes, options.port ?? 0, host);
  const url = `http://${options.publicHost ?? (host === '0.0.0.0' || host === '::' ? 'localhost' : host)}:${port}`;
  return {
    url,
    port,
    baseUrl: (provider) => identityBaseUrl(url, provider),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Signs in at the stand-in as a browser would (tests): opens the authorize URL, posts the consent
 * form with `fields` (`account`, or `email`, `name`, `email_verified`; `cancel`) and returns the
 * address the provider sends the browser back to.
 */
export async function signInAtIdentityStandIn(authorizeUrl: string, fields: Record<string, string>): Promise<URL> {
  const url = new URL(authorizeUrl);
  const page = await fetch(url);
  if (!page.ok) throw new Error(`identity stand-in: ${page.status} ${await page.text()}`);
  const provider = url.pathname.split('/')[1];
  const answer = await fetch(`${url.origin}/${provider}/__consent`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request: url.searchParams.toString(), ...fields }).toString(),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (!location) throw new Error(`identity stand-in: ${answer.status} ${await answer.text()}`);
  return new URL(location);
}
