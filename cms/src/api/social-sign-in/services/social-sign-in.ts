/**
 * The authorization-code flow with Google, Facebook and LINE (ADR 175). `start` makes the
 * provider's authorize address with a fresh `state`, nonce and PKCE challenge, and seals them
 * into the flow the storefront keeps in the visitor's cookie; `finish` takes the provider's answer
 * back with that flow, refuses it unless the flow is ours, unexpired, for this provider and its
 * `state` matches, exchanges the code (with the verifier) and signs the student in.
 * The provider returns the browser to the storefront's callback page on the configured
 * storefront origin, never to an address a caller names.
 */
import type { Core } from '@strapi/strapi';
import { createHash } from 'node:crypto';
import { ApiError, badRequest, conflict, notFound } from '../../../lib/errors';
import { storefrontUrl } from '../../../lib/paths';
import { loadSandboxDemoKeys } from '../../../seed/sandbox-keys';
import { localPath, newFlow, openFlow, openPendingLink, pkceChallenge, sameSecret, sealFlow, sealPendingLink } from '../lib/flow';
import { exchangeCode } from '../lib/oauth-client';
import { PROVIDER_DEFINITIONS, providerConfig, type DemoIdentityKeys, type SocialProvider } from '../lib/providers';
import type { SocialSignIn } from './social-account';
import type { LoginResult } from '../../account/services/login';

export type SocialStart = { authorizeUrl: string; flow: string };
export type SocialFinish = SocialSignIn & { redirect: string };

let demoKeys: DemoIdentityKeys | undefined;
const identityDemoKeys = () => (demoKeys ??= loadSandboxDemoKeys().IDENTITY_DEMO_KEYS);

export const callbackUrl = (provider: SocialProvider) => `${storefrontUrl()}/login/social/${provider}/callback`;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** The flow's sealing key, derived from the CMS's JWT secret (a production secret, ADR 156). */
  function flowKey(): string {
    const secret = String(strapi.config.get('plugin::users-permissions.jwtSecret') ?? process.env.JWT_SECRET ?? '');
    if (!secret) throw new Error('JWT_SECRET is not set');
    return createHash('sha256').update(`social-sign-in:${secret}`).digest('base64url');
  }

  function configOf(provider: SocialProvider) {
    const config = providerConfig(provider, process.env, identityDemoKeys);
    if (!config) throw notFound('SOCIAL_PROVIDER_UNAVAILABLE');
    return config;
  }

  return {
    start(provider: SocialProvider, redirect: unknown): SocialStart {
      const config = configOf(provider);
      const flow = newFlow(provider, localPath(redirect));
      const definition = PROVIDER_DEFINITIONS[provider];
      const url = new URL(config.authorizeUrl);
      const params: Record<string, string> = { client_id: config.clientId, redirect_uri: callbackUrl(provider), response_type: 'code', scope: definition.scope, state: flow.state };
      if (definition.issuers) params.nonce = flow.nonce;
      if (definition.pkce) Object.assign(params, { code_challenge: pkceChallenge(flow.verifier), code_challenge_method: 'S256' });
      if (provider === 'google') params.prompt = 'select_account';
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      return { authorizeUrl: url.toString(), flow: sealFlow(flow, flowKey()) };
    },

    async finish(provider: SocialProvider, answer: { code: unknown; state: unknown; flow: unknown }): Promise<SocialFinish> {
      const config = configOf(provider);
      const flow = openFlow(answer.flow, flowKey());
      // a missing, altered, expired or other provider's flow, or another attempt's state: the
      // answer was not asked for by this browser (login CSRF), so it is never exchanged
      if (!flow || flow.provider !== provider || typeof answer.state !== 'string' || !sameSecret(answer.state, flow.state)) throw badRequest('SOCIAL_STATE_MISMATCH');
      if (typeof answer.code !== 'string' || !answer.code || answer.code.length > 2048) throw badRequest('SOCIAL_SIGN_IN_FAILED');
      const profile = await exchangeCode(config, flow, answer.code, callbackUrl(provider));
      try {
        const signedIn = (await strapi.service('api::social-sign-in.social-account').signIn(provider, profile)) as SocialSignIn;
        return { ...signedIn, redirect: flow.redirect };
      } catch (error) {
        // the verified address has an account: the answer carries a sealed offer to tie the two
        // once that account's password is given (ADR 194); nothing is tied or signed into yet
        if (!(error instanceof ApiError) || error.code !== 'SOCIAL_ACCOUNT_EXISTS' || !profile.email) throw error;
        const link = sealPendingLink({ provider, subject: profile.subject, email: profile.email, redirect: flow.redirect }, flowKey());
        throw conflict('SOCIAL_ACCOUNT_EXISTS', undefined, { result: { link, email: profile.email } });
      }
    },

    /**
     * Ties a waiting provider account to the Sala account of its e-mail once that account's
     * password is given: the password is checked by the sign-in service, with its limits and
     * its same answer for every failure, so this is no easier to guess through than /login.
     */
    async link(provider: SocialProvider, answer: { link: unknown; password: unknown; ip: string }): Promise<SocialFinish> {
      configOf(provider);
      const pending = openPendingLink(answer.link, flowKey());
      if (!pending || pending.provider !== provider) throw badRequest('SOCIAL_LINK_EXPIRED');
      if (typeof answer.password !== 'string' || !answer.password || answer.password.length > 200) throw badRequest('VALIDATION_ERROR');
      const login = (await strapi.service('api::account.login').login({ identifier: pending.email, password: answer.password, ip: answer.ip })) as LoginResult;
      // a username that happens to read as the address signs in someone else: not the address's account
      if (login.user.email.toLowerCase() !== pending.email.toLowerCase()) throw badRequest('SOCIAL_LINK_EXPIRED');
      await strapi.service('api::social-sign-in.social-account').tie(provider, pending.subject, pending.email, login.user.id);
      return { jwt: login.jwt, user: login.user, created: false, redirect: pending.redirect };
    },
  };
};
