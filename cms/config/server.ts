import type { Core } from '@strapi/strapi';
import { assertChromiumForDocuments, assertSafeProductionSecrets, assertSafeSocialSignIn } from '../src/production';
import { trustedProxies } from '../src/http/client-address';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => {
  // Production stops here, before the database opens, on an unset, short or example secret.
  assertSafeProductionSecrets(process.env);
  // ... and on social sign-in through the identity stand-in or with its demo keys (ADR 175).
  assertSafeSocialSignIn(process.env);
  // ... and on tax documents switched on with no Chromium to print them (ADR 189).
  assertChromiumForDocuments(process.env);
  return serverConfig({ env });
};

const serverConfig = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  // Behind a reverse proxy Koa reads X-Forwarded-Proto/Host; the client address is resolved by
  // the client-address middleware, which drops forwarding headers of peers outside TRUSTED_PROXIES.
  proxy: { koa: trustedProxies().length > 0 },
  app: {
    keys: env.array('APP_KEYS')!,
  },
  webhooks: {
    populateRelations: env.bool('WEBHOOKS_POPULATE_RELATIONS', false),
  },
  logger: {
    updates: { enabled: false },
    startup: { enabled: env.bool('STRAPI_STARTUP_LOG', true) },
  },
});

export default config;
