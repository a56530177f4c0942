import type { Core } from '@strapi/strapi';
import { ensureSalaRoles, revokeBuiltInSignIn } from './roles';

type Plugin = { bootstrap: (context: { strapi: Core.Strapi }) => Promise<void> | void } & Record<string, unknown>;

/** Adds the storefront roles right after users-permissions has created its own, and closes its built-in sign-up and sign-in. */
export default (plugin: Plugin): Plugin => {
  const bootstrap = plugin.bootstrap;
  plugin.bootstrap = async (context) => {
    await bootstrap(context);
    await ensureSalaRoles(context.strapi);
    await revokeBuiltInSignIn(context.strapi);
  };
  return plugin;
};
