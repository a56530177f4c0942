import type { Core } from '@strapi/strapi';
import { seedDemo } from './seed';
import { ensureTextLocales } from './api/text/utils/locales';
import { registerAllCustomRoutes } from './http/routes';
import { registerContentBroadcast, startRealtime, stopRealtime } from './realtime';
import { registerPagePurge } from './page-cache/purge';
import { assertNoSandboxPayments, shouldSeedDemo } from './production';
import { clientAddressSettings } from './http/client-address';
import { applyAdminLayouts } from './admin-layouts/apply';
import { ensureAdminRoles, keepPaymentKeysToSuperAdmin } from './admin-access/roles';
import { lockOrderFields, registerReadOnlyOrders } from './api/order-admin/lib/read-only';
import { registerOrderAdminRoutes, registerOrderReviewPermission } from './api/order-admin/lib/admin-routes';
import { registerEditorFields } from './lib/editor-fields';
import { registerTextCache } from './lib/texts';
import { registerPictureRewrite } from './lib/pictures';
import { closeChromium } from './api/tax-document/lib/chromium';
import { startMailWorker, stopMailWorker } from './mail/mail-worker';

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerEditorFields(strapi);
    // A bad TRUSTED_PROXIES entry stops the start; a missing CLIENT_ADDRESS_SECRET is said out loud (ADR 158).
    const addresses = clientAddressSettings();
    if (!addresses.signed) strapi.log.warn('[limits] CLIENT_ADDRESS_SECRET is not set: calls from the storefront count under its own address');
    if (!process.env.TRUSTED_PROXIES?.trim() && addresses.proxies.length > 0) strapi.log.warn('[limits] IS_PROXIED is deprecated: set TRUSTED_PROXIES (now trusting loopback only)');
    registerAllCustomRoutes(strapi);
    registerContentBroadcast(strapi);
    registerPagePurge(strapi);
    registerTextCache(strapi);
    // Every stored picture loses its metadata and gains WebP renditions for srcset (ADR 193).
    registerPictureRewrite(strapi);
    // Orders and payments are read-only in the content manager; the admin's buttons use the shop's rules (ADR 168).
    registerReadOnlyOrders(strapi);
    registerOrderReviewPermission(strapi);
    registerOrderAdminRoutes(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    // Thai and English text locales exist on every database, seeded or not.
    await ensureTextLocales(strapi);
    // The admin's Thai labels, groups and columns (ADR 161), its roles, and payment keys for Super Admin alone (ADR 162).
    await applyAdminLayouts(strapi);
    await ensureAdminRoles(strapi);
    await keepPaymentKeysToSuperAdmin(strapi);
    // The demo accounts have published passwords: production seeds them only when SEED_DEMO=true.
    if (shouldSeedDemo(process.env)) {
      await seedDemo(strapi, { reset: false });
    }
    await assertNoSandboxPayments(strapi, process.env);
    await lockOrderFields(strapi);
    await startRealtime(strapi);
    strapi.service('api::checkout.order-expiry').schedule();
    strapi.service('api::storage.storage').scheduleCleanUp();
    // Every instance sends what the outbox holds, each row once (ADR 199).
    startMailWorker(strapi);
  },

  async destroy({ strapi }: { strapi: Core.Strapi }) {
    await stopMailWorker(strapi);
    await stopRealtime(strapi);
    await closeChromium();
  },
};
