/** The content behind a signed preview link (ADR 170): the link's signature is the credential. */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [{ method: 'GET', path: '/public/preview', handler: 'api::preview.preview.content', access: 'public' }];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
