/**
 * Orders, their lines, payment reports, payment attempts and tax documents (with their counter) are written only by the shop's
 * own rules (ADR 168): the admin's content manager may read them, never create, change or
 * delete them. A Document Service middleware refuses every write made while the admin's
 * content-manager routes (`/content-manager/...`, history restores included) or the generated
 * content API of these types (`/api/orders`..., an API token's way in) serve the request; the
 * shop's code writes through `strapi.db.query` and its own routes, untouched.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { READ_ONLY_UIDS } from '../../../lib/read-only-types';
import { ORDER_ADMIN_TEXTS } from './texts';

const WRITES = new Set(['create', 'update', 'delete', 'clone', 'publish', 'unpublish', 'discardDraft']);

/** The generated content API of these types (an admin's API token could reach it). */
const CONTENT_API_PATH = /^\/api\/(orders|order-lines|payment-reports|payment-attempts|tax-documents|tax-document-counters|withholding-certificates|credit-notes|credit-note-counters)(\/|$)/;

/** A request served by the admin's content manager, or by the generated content API of these types. */
export function isGenericWritePath(path: string | undefined): boolean {
  return typeof path === 'string' && (path.startsWith('/content-manager/') || CONTENT_API_PATH.test(path));
}

/**
 * A PolicyError (a ForbiddenError, 403) and not a plain ForbiddenError: Strapi's route authorisation
 * turns any other ForbiddenError raised behind it into a bare "Forbidden", and the admin would not
 * see why.
 */
export function registerReadOnlyOrders(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    if (READ_ONLY_UIDS.includes(context.uid) && WRITES.has(context.action)) {
      const request = strapi.requestContext.get() as { path?: string } | undefined;
      if (isGenericWritePath(request?.path)) throw new errors.PolicyError(ORDER_ADMIN_TEXTS.readOnly);
    }
    return next();
  });
}

type FieldMetadata = { edit?: { editable?: boolean } };
type ViewConfiguration = { settings: unknown; metadatas: Record<string, FieldMetadata>; layouts: unknown };

/**
 * The edit view shows every field of these types read-only (the content manager's own
 * `editable: false`), so nobody types an amount the server would refuse anyway.
 */
export async function lockOrderFields(strapi: Core.Strapi): Promise<void> {
  const contentTypes = strapi.plugin('content-manager').service('content-types');
  for (const uid of READ_ONLY_UIDS) {
    const contentType = contentTypes.findContentType(uid);
    if (!contentType) continue;
    const configuration = (await contentTypes.findConfiguration(contentType)) as ViewConfiguration;
    let changed = false;
    for (const field of Object.values(configuration.metadatas)) {
      if (field.edit && field.edit.editable !== false) {
        field.edit.editable = false;
        changed = true;
      }
    }
    if (changed) await contentTypes.updateConfiguration(contentType, { settings: configuration.settings, metadatas: configuration.metadatas, layouts: configuration.layouts });
  }
}
