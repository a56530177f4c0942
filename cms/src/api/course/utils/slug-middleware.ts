import type { Core } from '@strapi/strapi';
import { slugify } from './slug';

type SluggedData = { title?: unknown; slug?: unknown };

/**
 * Fills `slug` from `title` whenever a create or update through the Document Service
 * leaves it empty. A uid field with targetField is only filled by the admin panel, and
 * its generator drops Thai letters, so the slug is made here. When the title gives no
 * slug at all, `{prefix}-{id}` is stored once the row has its id.
 */
export function registerSlugMiddleware(strapi: Core.Strapi, uid: string, prefix: string): void {
  strapi.documents.use(async (ctx, next) => {
    if (ctx.uid !== uid || (ctx.action !== 'create' && ctx.action !== 'update')) return next();
    const data = (ctx.params as { data?: SluggedData } | undefined)?.data;
    if (data && !data.slug && typeof data.title === 'string') {
      const slug = slugify(data.title);
      if (slug) data.slug = slug;
    }
    const result = await next();
    const entry = result as { id?: number; slug?: string | null } | null;
    if (entry && typeof entry === 'object' && entry.id && !entry.slug) {
      const slug = `${prefix}-${entry.id}`;
      await strapi.db.query(uid as never).update({ where: { id: entry.id }, data: { slug } });
      entry.slug = slug;
    }
    return result;
  });
}
