/**
 * Thin: the storefront administrator's picture lists of courses and products. Reads the
 * path and the JSON body, lets the pictures service decide, shapes the answer.
 */
import type { Core } from '@strapi/strapi';
import { badRequest } from '../../../lib/errors';
import { PICTURE_OWNERS, type KeepItem, type PictureOwner } from '../services/pictures';
import type { Ctx } from '../../../http/ctx';

const MAX_ITEMS = 100;

function ownerOf(ctx: Ctx): { type: PictureOwner; id: number } {
  const type = ctx.params.type;
  const id = Number(ctx.params.id);
  if (!type || !(type in PICTURE_OWNERS) || !Number.isInteger(id) || id < 1) throw badRequest('INPUT_ERROR');
  return { type: type as PictureOwner, id };
}

function keepItems(value: unknown): KeepItem[] {
  if (!Array.isArray(value) || value.length > MAX_ITEMS) throw badRequest('INPUT_ERROR');
  return value.map((item) => {
    if (typeof item !== 'object' || item === null) throw badRequest('INPUT_ERROR');
    const { fileId, name } = item as { fileId?: unknown; name?: unknown };
    if (Number.isInteger(fileId) && (fileId as number) > 0 && name === undefined) return { fileId: fileId as number };
    if (typeof name === 'string' && name.length > 0 && name.length <= 80 && fileId === undefined) return { name };
    throw badRequest('INPUT_ERROR');
  });
}

function fileIds(value: unknown): number[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_ITEMS || value.some((id) => !Number.isInteger(id) || id < 1)) throw badRequest('INPUT_ERROR');
  return value as number[];
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /private/admin/pictures → `{ success, data: { courses, products } }`. */
  async list(ctx: Ctx) {
    ctx.body = { success: true, data: await strapi.service('api::storage.pictures').listOwners() };
  },

  /** GET /private/admin/pictures/:type/:id → `{ success, data: { type, id, title, files } }`. */
  async find(ctx: Ctx) {
    const { type, id } = ownerOf(ctx);
    ctx.body = { success: true, data: await strapi.service('api::storage.pictures').getPictures(type, id) };
  },

  /** PUT /private/admin/pictures/:type/:id with `{ files: [{ fileId } | { name }], deleted: [fileId] }`. */
  async save(ctx: Ctx) {
    const { type, id } = ownerOf(ctx);
    const body = (ctx.request.body ?? {}) as { files?: unknown; deleted?: unknown };
    const data = await strapi.service('api::storage.pictures').savePictures({
      type,
      id,
      keep: keepItems(body.files),
      deleted: fileIds(body.deleted),
      adminId: ctx.state.student!.id,
    });
    ctx.body = { success: true, data };
  },
});
