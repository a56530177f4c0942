/**
 * The server-to-server half of the authorization-code flow: the code is exchanged at the
 * provider's token endpoint with the client secret (and the PKCE verifier), and the person is
 * read from the ID token (Google, LINE) or the Graph API (Facebook).
 *
 * The ID token comes straight from the token endpoint over TLS, in answer to our own
 * authenticated request, so its issuer is the provider without checking its signature (OpenID
 * Connect Core 3.1.3.7, item 6); its issuer, audience, expiry and nonce are checked.
 */
import { createHmac } from 'node:crypto';
import { badRequest } from '../../../lib/errors';
import type { Flow } from './flow';
import { PROVIDER_DEFINITIONS, type ProviderConfig } from './providers';

export type ProviderProfile = { subject: string; name: string | null; email: string | null; emailVerified: boolean };

const TIMEOUT_MS = 10_000;

const failed = (why: string) => badRequest('SOCIAL_SIGN_IN_FAILED', `The provider did not confirm the sign-in: ${why}`);

async function readJson(response: Response, what: string): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw failed(`${what} answered ${response.status} without JSON`);
  }
  if (!response.ok || !body || typeof body !== 'object') throw failed(`${what} answered ${response.status}`);
  return body as Record<string, unknown>;
}

async function call(url: string, init: RequestInit, what: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw failed(`${what} unreachable (${(error as Error).message})`);
  }
  return readJson(response, what);
}

function idTokenClaims(idToken: unknown): Record<string, unknown> {
  const body = typeof idToken === 'string' ? idToken.split('.')[1] : undefined;
  if (!body) throw failed('no ID token');
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    if (claims && typeof claims === 'object') return claims as Record<string, unknown>;
  } catch {
    // falls through
  }
  throw failed('an unreadable ID token');
}

/** The person of an OpenID Connect ID token, after the checks of OpenID Connect Core 3.1.3.7. */
export function profileFromIdToken(config: ProviderConfig, flow: Flow, idToken: unknown, nowSeconds = Math.floor(Date.now() / 1000)): ProviderProfile {
  const claims = idTokenClaims(idToken);
  const issuers = PROVIDER_DEFINITIONS[config.provider].issuers ?? [];
  if (!issuers.includes(String(claims.iss))) throw failed('ID token of another issuer');
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.includes(config.clientId)) throw failed('ID token for another client');
  if (typeof claims.exp !== 'number' || claims.exp < nowSeconds) throw failed('expired ID token');
  if (claims.nonce !== flow.nonce) throw failed('ID token nonce mismatch');
  if (typeof claims.sub !== 'string' || !claims.sub) throw failed('ID token without a subject');
  const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim().toLowerCase() : null;
  // Google says whether it verified the address; LINE shares only the address its account
  // confirmed (it sends a code to it before keeping it), so an address LINE sends is verified.
  const emailVerified = email !== null && (config.provider === 'line' || claims.email_verified === true || claims.email_verified === 'true');
  return { subject: claims.sub, name: typeof claims.name === 'string' ? claims.name : null, email, emailVerified };
}

/** Exchanges the code the provider sent back and reads who signed in. */
export async function exchangeCode(config: ProviderConfig, flow: Flow, code: string, redirectUri: string): Promise<ProviderProfile> {
  if (config.provider === 'facebook') {
    const tokenUrl = new URL(config.tokenUrl);
    for (const [name, value] of Object.entries({ client_id: config.clientId, client_secret: config.clientSecret, redirect_uri: redirectUri, code })) tokenUrl.searchParams.set(name, value);
    const token = await call(tokenUrl.toString(), { method: 'GET' }, 'the token endpoint');
    const accessToken = typeof token.access_token === 'string' ? token.access_token : '';
    if (!accessToken) throw failed('no access token');
    const me = new URL(config.profileUrl!);
    me.searchParams.set('fields', 'id,name,email');
    me.searchParams.set('access_token', accessToken);
    // Graph API calls from a server carry the proof that they know the app secret.
    me.searchParams.set('appsecret_proof', createHmac('sha256', config.clientSecret).update(accessToken).digest('hex'));
    const person = await call(me.toString(), { method: 'GET' }, 'the Graph API');
    if (typeof person.id !== 'string' || !person.id) throw failed('a profile without an id');
    // Graph API returns only a confirmed primary address, and none at all otherwise.
    const email = typeof person.email === 'string' && person.email.includes('@') ? person.email.trim().toLowerCase() : null;
    return { subject: person.id, name: typeof person.name === 'string' ? person.name : null, email, emailVerified: email !== null };
  }
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: config.clientId, client_secret: config.clientSecret, code_verifier: flow.verifier });
  const token = await call(config.tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() }, 'the token endpoint');
  return profileFromIdToken(config, flow, token.id_token);
}
