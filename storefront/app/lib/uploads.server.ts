/**
 * The administrator's picture lists of courses and products, through the CMS with the
 * administrator's own token: the lists, the storage status, uploads and saves. Who may edit
 * is decided by `requireShopAdmin` of admin.server.ts (the shop_admin role, asked of the CMS
 * on every request).
 */
import { z } from 'zod';
import { CmsApiError, CmsError, callJson, toPublicAssetUrl, type CallOptions } from './cms.server';
import { MAX_PICTURES } from '~/models/upload/upload-logic';

export { requireShopAdmin } from './admin.server';

export const PICTURE_OWNER_TYPES = ['courses', 'products'] as const;
export type PictureOwnerType = (typeof PICTURE_OWNER_TYPES)[number];
/** The CMS names the owner in the singular. */
const CMS_OWNER: Record<PictureOwnerType, 'course' | 'product'> = { courses: 'course', products: 'product' };

const PictureItemSchema = z.object({ fileId: z.number().int(), name: z.string(), url: z.string(), mime: z.string() });
const PictureSetResponseSchema = z.object({
  data: z.object({ id: z.number().int(), title: z.string(), files: z.array(PictureItemSchema) }),
});
const OwnerSummarySchema = z.object({ id: z.number().int(), title: z.string(), count: z.number().int() });
const OwnersResponseSchema = z.object({ data: z.object({ courses: z.array(OwnerSummarySchema), products: z.array(OwnerSummarySchema) }) });
const StorageResponseSchema = z.object({ free: z.number() });
const UploadResponseSchema = z.object({ fileName: z.array(z.string()) });

export type PictureItem = z.infer<typeof PictureItemSchema>;
export type PictureSet = { id: number; title: string; files: PictureItem[] };

export function isPictureOwnerType(value: unknown): value is PictureOwnerType {
  return typeof value === 'string' && (PICTURE_OWNER_TYPES as readonly string[]).includes(value);
}

function withPublicUrls(set: { id: number; title: string; files: PictureItem[] }): PictureSet {
  return { ...set, files: set.files.map((file) => ({ ...file, url: toPublicAssetUrl(file.url) ?? file.url })) };
}

export async function listPictureOwners(options: CallOptions & { jwt: string }) {
  return (await callJson('/private/admin/pictures', OwnersResponseSchema, options)).data;
}

export async function getPictures(type: PictureOwnerType, id: number, options: CallOptions & { jwt: string }): Promise<PictureSet> {
  return withPublicUrls((await callJson(`/private/admin/pictures/${CMS_OWNER[type]}/${id}`, PictureSetResponseSchema, options)).data);
}

/** Free storage in gigabytes, or null when the CMS cannot tell (the check is then left to the upload). */
export async function getFreeStorage(options: CallOptions & { jwt: string }): Promise<number | null> {
  try {
    return (await callJson('/api/storage/details', StorageResponseSchema, options)).free;
  } catch (error) {
    if (error instanceof CmsError || (error instanceof CmsApiError && error.status !== 401 && error.status !== 403)) {
      console.warn(`[uploads] storage status unavailable: ${error.message}`);
      return null;
    }
    throw error;
  }
}

/** Why the CMS refused an upload or a save, as the spec's codes; null for anything else. */
export function refusalCode(error: unknown): 'FILE_TYPE_NOT_ALLOWED' | 'OUT_OF_STORAGE' | 'FILE_TOO_LARGE' | 'INPUT_ERROR' | null {
  if (error instanceof CmsApiError && ['FILE_TYPE_NOT_ALLOWED', 'OUT_OF_STORAGE', 'FILE_TOO_LARGE', 'INPUT_ERROR'].includes(error.code)) {
    return error.code as never;
  }
  // the CMS answers a full storage with 507, which the generic client reads as a server fault
  if (error instanceof CmsError && error.status === 507) return 'OUT_OF_STORAGE';
  return null;
}

/** Sends the administrator's new files as imageinput0..n; their stored names, in order. */
export async function uploadAdminFiles(files: readonly File[], options: CallOptions & { jwt: string }): Promise<string[]> {
  if (files.length === 0) return [];
  const form = new FormData();
  files.forEach((file, index) => form.append(`imageinput${index}`, file, file.name));
  const answer = await callJson('/api/home/test_upload', UploadResponseSchema, { timeoutMs: 60_000, ...options }, { method: 'POST', body: form });
  return answer.fileName;
}

/** Saves the list to keep (saved pictures by id, fresh uploads by stored name) and deletes the ones taken out. */
export async function savePictures(
  type: PictureOwnerType,
  id: number,
  plan: { keep: ({ fileId: number } | { name: string })[]; deleted: number[] },
  options: CallOptions & { jwt: string },
): Promise<PictureSet> {
  const answer = await callJson(`/private/admin/pictures/${CMS_OWNER[type]}/${id}`, PictureSetResponseSchema, options, {
    method: 'PUT',
    body: JSON.stringify({ files: plan.keep, deleted: plan.deleted }),
    contentType: 'application/json',
  });
  return withPublicUrls(answer.data);
}

/** The save form: what to keep, in order (saved by id, new by position among the sent files), and what to delete. */
export const SavePlanSchema = z.object({
  keep: z.array(z.union([z.object({ fileId: z.number().int().positive() }).strict(), z.object({ added: z.number().int().min(0) }).strict()])).max(MAX_PICTURES),
  deleted: z.array(z.number().int().positive()).max(100),
});
export type SavePlan = z.infer<typeof SavePlanSchema>;
