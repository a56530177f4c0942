/** The student's receipt or tax invoice of an approved order (docs/decisions/189). Registered from register() by http/routes.ts. */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [{ method: 'GET', path: '/private/orders/:orderId/documents/receipt', handler: 'api::tax-document.tax-document.receipt', access: 'student' }];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
