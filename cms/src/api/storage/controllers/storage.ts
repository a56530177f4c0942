/**
 * Thin: reads the multipart files or the query, lets the storage service decide, shapes
 * the answer. The temporary files of a request are always removed: Strapi's body parser
 * only cleans a field named `files`, and ours are imageinput0..n.
 */
import fs from 'node:fs';
import type { Core } from '@strapi/strapi';
import { SHOP_ADMIN_ROLE, requireStudent, type Student } from '../../../http/auth';
import { badRequest, notFound } from '../../../http/errors';
import { extensionOf, setFileHeaders } from '../../../http/file-headers';
import type { IncomingFile, ReadableUpload } from '../services/storage';

type ParsedFile = { filepath?: string; originalFilename?: string | null; size?: number };
type Ctx = {
  request: { files?: Record<string, ParsedFile | ParsedFile[]> };
  query: Record<string, unknown>;
  params: Record<string, string | undefined>;
  state: { student?: Student | null };
  get(name: string): string;
  set(name: string, value: string): void;
  type: string;
  length: number;
  body: unknown;
};

const FIELD_PATTERN = /^imageinput(\d+)$/;
const MAX_PAGE_SIZE = 100;

function parsedFiles(ctx: Ctx): { field: string; file: ParsedFile }[] {
  return Object.entries(ctx.request.files ?? {}).flatMap(([field, value]) =>
    (Array.isArray(value) ? value : [value]).map((file) => ({ field, file })),
  );
}

function positiveInt(value: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(Array.isArray(value) ? value[0] : value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw badRequest('INPUT_ERROR');
  return n;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** POST /api/home/test_upload: multipart imageinput0..n → `{ success, fileName }`. */
  async upload(ctx: Ctx) {
    const received = parsedFiles(ctx);
    try {
      // A visitor may upload (guest checkout); a sent but invalid token is a 401, not a visitor.
      const owner = ctx.get('authorization') ? await requireStudent(strapi, ctx) : null;
      if (received.some(({ field }) => !FIELD_PATTERN.test(field))) throw badRequest('INPUT_ERROR');
      const files: IncomingFile[] = received
        .map(({ field, file }) => ({ field, filepath: String(file.filepath ?? ''), originalFilename: file.originalFilename ?? null, size: Number(file.size ?? 0) }))
        .sort((a, b) => Number(FIELD_PATTERN.exec(a.field)![1]) - Number(FIELD_PATTERN.exec(b.field)![1]));
      const stored = await strapi.service('api::storage.storage').saveUploads({ files, ownerId: owner?.id ?? null });
      ctx.body = { success: true, fileName: stored.map((file: { name: string }) => file.name) };
    } finally {
      await Promise.all(received.map(({ file }) => (file.filepath ? fs.promises.rm(file.filepath, { force: true }) : undefined)));
    }
  },

  /** GET /api/storage/details (shop admin): free space in gigabytes. */
  async details(ctx: Ctx) {
    ctx.body = { success: true, free: await strapi.service('api::storage.storage').freeGigabytes() };
  },

  /**
   * GET /private/files/{name} (student): a stored file for its owner or a shop administrator,
   * never cached. Anyone else gets 404 NOT_FOUND, as for a name that does not exist.
   */
  async file(ctx: Ctx) {
    const reader = ctx.state.student!;
    const found = (await strapi.service('api::storage.storage').findReadable({
      name: String(ctx.params.name ?? ''),
      readerId: reader.id,
      isShopAdmin: reader.role?.type === SHOP_ADMIN_ROLE,
    })) as ReadableUpload | null;
    if (!found) throw notFound();
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = found.mime;
    ctx.length = found.size;
    setFileHeaders(ctx, extensionOf(found.name));
    ctx.body = fs.createReadStream(found.filepath);
  },

  /** GET /private/uploads: the caller's own uploads. */
  async listOwn(ctx: Ctx) {
    const page = positiveInt(ctx.query.page, 1);
    const pageSize = positiveInt(ctx.query.pageSize, 10, MAX_PAGE_SIZE);
    const { data, total } = await strapi.service('api::storage.storage').listOwnUploads({ ownerId: ctx.state.student!.id, page, pageSize });
    ctx.body = { success: true, data, pagination: { page, pageSize, total } };
  },
});
