/**
 * Sign-in through Google, Facebook and LINE (ADR 175), called by the storefront's
 * /login/social/:provider and its callback page.
 */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [
  { method: 'POST', path: '/public/social/:provider/start', handler: 'api::social-sign-in.social-sign-in.start', access: 'public' },
  { method: 'POST', path: '/public/social/:provider/callback', handler: 'api::social-sign-in.social-sign-in.callback', access: 'public' },
  { method: 'POST', path: '/public/social/:provider/link', handler: 'api::social-sign-in.social-sign-in.link', access: 'public' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
