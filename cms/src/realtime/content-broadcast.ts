/**
 * A Document Service middleware that tells every open storefront tab when
 * storefront-visible content changes, so it can refetch instead of waiting for
 * its cache to expire. Types that are not (yet) in the content model are simply
 * never matched. Writes through strapi.db.query() bypass the Document Service
 * and are not announced.
 */
import type { Core } from '@strapi/strapi';
import { notifyContentUpdated } from './publish';
import type { ContentKind } from './events';

export const CONTENT_KINDS: Readonly<Record<string, ContentKind>> = {
  'api::text.text': 'text',
  'api::site-setting.site-setting': 'setting',
  'api::course.course': 'course',
  'api::pricing-plan.pricing-plan': 'pricing-plan',
  'api::product.product': 'product',
  'api::promotion.promotion': 'promotion',
};

const WRITE_ACTIONS = new Set(['create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft']);

/** Call from register(): Document Service middlewares must be in place before the first query. */
export function registerContentBroadcast(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    const kind = CONTENT_KINDS[context.uid];
    if (kind && WRITE_ACTIONS.has(context.action)) {
      try {
        notifyContentUpdated(strapi, kind);
      } catch (error) {
        strapi.log.warn(`[realtime] content:updated for ${context.uid} not sent: ${(error as Error).message}`);
      }
    }
    return result;
  });
}
