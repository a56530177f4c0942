/**
 * The preview of an entry from the Strapi admin (ADR 170). `previewUrl` is the handler of
 * config/admin.ts: it signs a storefront link to `/preview` for an editor who may read the
 * entry. `content` answers the storefront's call behind that link with the entry as it is now,
 * published or not: a course or product page as the public route shapes it, or one text.
 */
import type { Core } from '@strapi/strapi';
import { PREVIEW_UIDS, previewQuery, type PreviewClaims, type PreviewUid } from '@sala/shared/preview';
import { notFound } from '../../../lib/errors';
import { storefrontUrl } from '../../../lib/paths';
import { previewSecret, signPreview } from '../lib/signing';

type Ability = { can: (action: string, subject: string) => boolean };

export type PreviewContent = { kind: 'course'; data: unknown } | { kind: 'product'; data: unknown } | { kind: 'text'; data: { key: string; locale: string; value: string | null } };

const isPreviewUid = (uid: string): uid is PreviewUid => (PREVIEW_UIDS as readonly string[]).includes(uid);

/** Whether the admin user of the current request may read entries of `uid` in the Content Manager. */
function adminMayRead(strapi: Core.Strapi, uid: string): boolean {
  const ctx = strapi.requestContext.get() as { state?: { userAbility?: Ability } } | undefined;
  const ability = ctx?.state?.userAbility;
  return Boolean(ability && ability.can('plugin::content-manager.explorer.read', uid));
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The signed storefront link of an entry, or undefined (Strapi then shows no preview) when there is none to give. */
  async previewUrl(uid: string, params: { documentId?: string; locale?: string | null; status?: string }): Promise<string | undefined> {
    const secret = previewSecret();
    if (!secret || !isPreviewUid(uid) || !params.documentId) return undefined;
    // Strapi's own preview-URL route asks only for a signed-in admin; the link also needs read access to the type.
    if (!adminMayRead(strapi, uid)) return undefined;
    const found = await strapi.db.query(uid).findOne({ select: ['id'], where: { documentId: params.documentId } });
    if (!found) return undefined;
    const status = params.status === 'draft' ? 'draft' : 'published';
    const locale = uid === 'api::text.text' ? (params.locale ?? 'th') : null;
    const { claims, signature } = signPreview({ uid, documentId: params.documentId, status, locale }, secret, Math.floor(Date.now() / 1000));
    return `${storefrontUrl()}/preview?${previewQuery(claims, signature)}`;
  },

  /** The entry a verified link names, as it is now. NOT_FOUND when it was deleted. */
  async content(claims: PreviewClaims): Promise<PreviewContent> {
    const now = new Date();
    if (claims.uid === 'api::text.text') {
      const row = (await strapi.db.query(claims.uid).findOne({
        select: ['key', 'value', 'locale'],
        where: { documentId: claims.documentId, locale: claims.locale ?? 'th' },
      })) as { key: string; value: string | null; locale: string } | null;
      if (!row) throw notFound();
      return { kind: 'text', data: { key: row.key, locale: row.locale, value: row.value } };
    }
    const row = (await strapi.db.query(claims.uid).findOne({ select: ['id'], where: { documentId: claims.documentId } })) as { id: number } | null;
    if (!row) throw notFound();
    const ref = { id: row.id, slug: null };
    if (claims.uid === 'api::course.course') {
      const data = await strapi.service('api::course-page.course-page').courseDetail({ ref, view: 'page', viewerId: null, now, unpublished: true });
      return { kind: 'course', data };
    }
    const data = await strapi.service('api::product.product-page').productDetail({ ref, now, unpublished: true });
    return { kind: 'product', data };
  },
});
