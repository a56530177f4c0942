import type { Core } from '@strapi/strapi';
import { isRevokedFor, type TokenClaims } from '../../http/token-revocation';
import { ensureSalaRoles, revokeBuiltInSignIn } from './roles';

type JwtService = {
  issue: (payload: Record<string, unknown> & { toJSON?: () => Record<string, unknown> }, options?: Record<string, unknown>) => string | Promise<string>;
  verify: (token: string) => Promise<TokenClaims>;
  [method: string]: unknown;
};
type ServiceFactory = (context: { strapi: Core.Strapi }) => JwtService;
type Plugin = { bootstrap: (context: { strapi: Core.Strapi }) => Promise<void> | void; services: Record<string, unknown> } & Record<string, unknown>;

/**
 * The jwt service with revocation (ADR 157): `issue` adds the issue time in ms (`iat_ms`),
 * `verify` also refuses a token issued before the account's `tokens_valid_after`, and
 * `verifySignature` is the plain check for callers that read the account themselves (and
 * compare its stamp with isRevoked) instead of reading it twice.
 */
function withRevocation(factory: ServiceFactory): ServiceFactory {
  return (context) => {
    const base = factory(context);
    const service: JwtService = {
      ...base,
      issue(payload, options) {
        const plain = typeof payload?.toJSON === 'function' ? payload.toJSON() : payload;
        return base.issue({ ...plain, iat_ms: Date.now() }, options);
      },
      verifySignature: (token: string) => base.verify(token),
      async verify(token) {
        const claims = await base.verify(token);
        if (await isRevokedFor(context.strapi, claims)) throw new Error('Invalid token.');
        return claims;
      },
    };
    return service;
  };
}

/** Adds the storefront roles right after users-permissions has created its own, closes its built-in sign-up and sign-in, and makes its tokens revocable. */
export default (plugin: Plugin): Plugin => {
  const bootstrap = plugin.bootstrap;
  plugin.bootstrap = async (context) => {
    await bootstrap(context);
    await ensureSalaRoles(context.strapi);
    await revokeBuiltInSignIn(context.strapi);
  };
  if (typeof plugin.services?.jwt === 'function') plugin.services.jwt = withRevocation(plugin.services.jwt as ServiceFactory);
  return plugin;
};
