/**
 * The pictures of a course or a product as the storefront administrator edits them: one
 * ordered list whose first picture is the cover (`picture`) and the rest the gallery
 * (`gallery` of a course, `image_detail` of a product). Saving takes the list to keep, in
 * order (pictures already attached, by media id, and fresh uploads of the administrator, by
 * stored name) and the pictures to delete; a deleted picture that nothing else uses leaves
 * the media library and the disk.
 */
import type { Core } from '@strapi/strapi';
import { badRequest, notFound } from '../../../lib/errors';

export const PICTURE_OWNERS = {
  course: { uid: 'api::course.course', gallery: 'gallery' },
  product: { uid: 'api::product.product', gallery: 'image_detail' },
} as const;
export type PictureOwner = keyof typeof PICTURE_OWNERS;

const FILE_UID = 'plugin::upload.file';
const RECORD_UID = 'api::storage.upload-record';
/** Strapi's table of media relations (file, related id, related type, field). */
const MEDIA_RELATIONS_TABLE = 'files_related_mph';
/** Pictures one course or product may hold. */
export const MAX_PICTURES = 20;

type MediaRow = { id: number; name: string; url: string; mime: string | null };
type OwnerRow = { id: number; title: string; picture?: MediaRow | null } & Record<string, unknown>;

export type PictureItem = { fileId: number; name: string; url: string; mime: string };
export type PictureSet = { type: PictureOwner; id: number; title: string; files: PictureItem[] };
export type PictureOwnerSummary = { id: number; title: string; count: number };

/** One entry of the list to keep: a picture attached already, or a fresh upload. */
export type KeepItem = { fileId: number } | { name: string };

const MEDIA_SELECT = ['id', 'name', 'url', 'mime'];

function toItem(row: MediaRow): PictureItem {
  return { fileId: row.id, name: row.name, url: row.url, mime: row.mime ?? '' };
}

function attached(type: PictureOwner, row: OwnerRow): MediaRow[] {
  const gallery = (row[PICTURE_OWNERS[type].gallery] as MediaRow[] | null | undefined) ?? [];
  return [...(row.picture ? [row.picture] : []), ...gallery];
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Every course and product with how many pictures it has, for the administrator's list. */
  async listOwners(): Promise<Record<'courses' | 'products', PictureOwnerSummary[]>> {
    const summarize = async (type: PictureOwner) => {
      const { uid, gallery } = PICTURE_OWNERS[type];
      const rows = (await strapi.db.query(uid).findMany({
        select: ['id', 'title'],
        populate: { picture: { select: ['id'] }, [gallery]: { select: ['id'] } },
        orderBy: [{ sort_order: 'asc' }, { id: 'asc' }],
      })) as OwnerRow[];
      return rows.map((row) => ({ id: row.id, title: row.title, count: attached(type, row).length }));
    };
    const [courses, products] = await Promise.all([summarize('course'), summarize('product')]);
    return { courses, products };
  },

  async findOwner(type: PictureOwner, id: number): Promise<OwnerRow> {
    const { uid, gallery } = PICTURE_OWNERS[type];
    const row = (await strapi.db.query(uid).findOne({
      where: { id },
      select: ['id', 'title'],
      populate: { picture: { select: MEDIA_SELECT }, [gallery]: { select: MEDIA_SELECT } },
    })) as OwnerRow | null;
    if (!row) throw notFound();
    return row;
  },

  async getPictures(type: PictureOwner, id: number): Promise<PictureSet> {
    const row = await this.findOwner(type, id);
    return { type, id: row.id, title: row.title, files: attached(type, row).map(toItem) };
  },

  /**
   * Saves the list to keep and deletes the pictures named in `deleted`. Every kept media id
   * must be attached to this record, every name an upload the administrator may attach,
   * every deleted id attached and not kept: anything else is INPUT_ERROR and nothing changes.
   */
  async savePictures(args: { type: PictureOwner; id: number; keep: KeepItem[]; deleted: number[]; adminId: number }): Promise<PictureSet> {
    const { type, id, keep, deleted, adminId } = args;
    if (keep.length > MAX_PICTURES) throw badRequest('INPUT_ERROR');
    const row = await this.findOwner(type, id);
    const attachedIds = new Set(attached(type, row).map((file) => file.id));

    const names = keep.flatMap((item) => ('name' in item ? [item.name] : []));
    if (new Set(names).size !== names.length) throw badRequest('INPUT_ERROR');
    const uploads = await strapi.service('api::storage.storage').findAttachable({ names, ownerId: adminId, kinds: ['image'] });
    if (uploads === null || uploads.some((upload: { fileId: number | null }) => upload.fileId === null)) throw badRequest('FILE_TYPE_NOT_ALLOWED');
    const uploadIds = new Map<string, number>(uploads.map((upload: { name: string; fileId: number }) => [upload.name, upload.fileId]));

    const keptIds = keep.map((item) => ('name' in item ? uploadIds.get(item.name)! : item.fileId));
    if (keep.some((item) => 'fileId' in item && !attachedIds.has(item.fileId))) throw badRequest('INPUT_ERROR');
    if (new Set(keptIds).size !== keptIds.length) throw badRequest('INPUT_ERROR');
    const kept = new Set(keptIds);
    if (new Set(deleted).size !== deleted.length || deleted.some((fileId) => !attachedIds.has(fileId) || kept.has(fileId))) throw badRequest('INPUT_ERROR');

    const { uid, gallery } = PICTURE_OWNERS[type];
    await strapi.db.transaction(async () => {
      await strapi.db.query(uid).update({ where: { id }, data: { picture: keptIds[0] ?? null, [gallery]: keptIds.slice(1) } });
      await strapi.service('api::storage.storage').claimUploads({ uploads, ownerId: adminId });
    });
    for (const fileId of deleted) await this.removeIfUnused(fileId);
    return this.getPictures(type, id);
  },

  /** Removes a picture from the media library, the disk and the upload records when no record uses it any more. */
  async removeIfUnused(fileId: number): Promise<void> {
    // the upload record's own link to its file is not a use
    const uses = (await strapi.db.connection(MEDIA_RELATIONS_TABLE).where({ file_id: fileId }).whereNot({ related_type: RECORD_UID }).count({ total: '*' }).first()) as
      { total?: number | string } | undefined;
    if (Number(uses?.total ?? 0) > 0) return;
    const file = await strapi.db.query(FILE_UID).findOne({ where: { id: fileId } });
    if (!file) return;
    // an upload's media file carries the upload's stored name
    await strapi.db.query(RECORD_UID).deleteMany({ where: { name: file.name } });
    await strapi.plugin('upload').service('upload').remove(file);
  },
});
