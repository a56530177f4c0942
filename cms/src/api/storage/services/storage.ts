/**
 * Uploaded files: checks, the storage check, saving under public/uploads and the record
 * of who sent what. A request is all or nothing: every file is checked before the first
 * one is written, and a failure while saving removes what was written.
 *
 * Every file received here is private (a transfer slip, a company certificate, a profile
 * picture, a registration answer) until it is attached to a record shown on public pages (a
 * course's or a product's pictures): /uploads/{name} does not serve it, and GET
 * /private/files/{name} gives it to its owner and to shop administrators only.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { BYTES_PER_GIGABYTE } from '@sala/shared/constants';
import { ApiError, badRequest } from '../../../lib/errors';
import { scheduleJob } from '../../../lib/scheduled-jobs';
import { RENDITION_NAME_PATTERN, isRewrittenPicture, processPicture, renditionNames, type ProcessedPicture } from '../../../lib/pictures';
import { STORED_NAME_PATTERN, allowedNameExtension, detectAllowedContent, storedFileName, type DetectedType, type UploadKind } from '../lib/file-checks';

const RECORD_UID = 'api::storage.upload-record';
const FILE_UID = 'plugin::upload.file';
/** Strapi's table of media relations (file, related id, related type, field). */
const MEDIA_RELATIONS_TABLE = 'files_related_mph';
/**
 * Records whose media are shown on public pages: an upload attached to one of them is served
 * by /uploads/ to anyone. Anything else (a payment report's slip, a user's certificate or
 * picture, or nothing yet) keeps it private.
 */
export const PUBLIC_MEDIA_OWNERS = [
  'api::course.course',
  'api::product.product',
  'api::lecture.lecture',
  'api::teacher.teacher',
  'api::promotion.promotion',
  'api::payment-method.payment-method',
  'api::bank-account.bank-account',
] as const;
const SETTING_UID = 'api::site-setting.site-setting';
/** Extensions of the stored pictures that get renditions. */
const STORED_PICTURE_EXTENSIONS = ['jpg', 'png', 'webp'] as const;
const BYTES_PER_MEGABYTE = 1048576;

const DEFAULT_SIZE_LIMIT = 20 * 1024 * 1024;
const DEFAULT_MAX_FILES = 10;
/** Defaults of the upload quotas (ADR 158), in megabytes: a student's own files, and every visitor's together. */
const DEFAULT_OWNER_QUOTA_MB = 200;
const DEFAULT_ANONYMOUS_QUOTA_MB = 1024;
/** Hours a visitor's upload may wait for a record to use it (UNATTACHED_UPLOAD_MAX_AGE_HOURS). */
const DEFAULT_UNATTACHED_MAX_AGE_HOURS = 24;
export const UNATTACHED_UPLOADS_JOB_NAME = 'storage-remove-unattached-uploads';
const EVERY_HOUR = '17 * * * *';

/** A file as the multipart parser left it in the temporary folder. */
export type IncomingFile = { field: string; filepath: string; originalFilename: string | null; size: number };

export type StoredUpload = { name: string; url: string; mime: string; kind: UploadKind; size: number };
export type UploadListItem = StoredUpload & { createdAt: string | null };

/** An upload that may be attached to a record: its stored name and its media library file. */
export type AttachableUpload = StoredUpload & { recordId: number; fileId: number | null };

type RecordRow = {
  id: number;
  name: string;
  mime: string;
  kind: UploadKind;
  size: number;
  createdAt?: string | Date | null;
  owner?: { id: number } | null;
  file?: { id: number; formats?: unknown } | null;
};

function positiveIntEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The largest file accepted, in bytes (UPLOAD_SIZE_LIMIT, the same limit the media library uses). */
export function uploadSizeLimit(): number {
  return positiveIntEnv('UPLOAD_SIZE_LIMIT', DEFAULT_SIZE_LIMIT);
}

/** Files accepted in one request (UPLOAD_MAX_FILES). */
export function uploadMaxFiles(): number {
  return positiveIntEnv('UPLOAD_MAX_FILES', DEFAULT_MAX_FILES);
}

/**
 * Bytes one account may keep (UPLOAD_QUOTA_PER_OWNER_MB, 200) and every visitor's unclaimed
 * uploads together (UPLOAD_QUOTA_ANONYMOUS_MB, 1024), on top of the shop's own quota.
 */
export function uploadQuotas(): { ownerBytes: number; anonymousBytes: number } {
  return {
    ownerBytes: positiveIntEnv('UPLOAD_QUOTA_PER_OWNER_MB', DEFAULT_OWNER_QUOTA_MB) * BYTES_PER_MEGABYTE,
    anonymousBytes: positiveIntEnv('UPLOAD_QUOTA_ANONYMOUS_MB', DEFAULT_ANONYMOUS_QUOTA_MB) * BYTES_PER_MEGABYTE,
  };
}

export const uploadUrl = (name: string) => `/uploads/${name}`;
/** Where the owner of an upload, or a shop administrator, reads it whether it is public or not. */
export const privateFileUrl = (name: string) => `/private/files/${name}`;

/** A stored file a reader may have, with where it lies on disk. */
export type ReadableUpload = { name: string; mime: string; size: number; filepath: string };

/** Strapi's media library size: kilobytes with two decimals. */
const kilobytes = (bytes: number) => Math.round((bytes / 1000) * 100) / 100;

function toStored(row: RecordRow): StoredUpload {
  return { name: row.name, url: uploadUrl(row.name), mime: row.mime, kind: row.kind, size: row.size };
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** public/uploads: where Strapi's local provider writes and from where /uploads/{name} is served. */
  uploadsDir(): string {
    return path.resolve(strapi.dirs.static.public, 'uploads');
  },

  /**
   * Free bytes for uploads: what the file system of the uploads folder leaves an
   * unprivileged process, and no more than what the shop's quota (site setting
   * storage_quota_mb) leaves after the files already received. STORAGE_FREE_BYTES_OVERRIDE
   * replaces the disk probe (tests).
   */
  async freeBytes(): Promise<number> {
    const override = process.env.STORAGE_FREE_BYTES_OVERRIDE;
    let disk: number;
    if (override !== undefined && override.trim() !== '' && Number.isFinite(Number(override)) && Number(override) >= 0) {
      disk = Number(override);
    } else {
      const stats = await fs.promises.statfs(this.uploadsDir());
      disk = Number(stats.bavail) * Number(stats.bsize);
    }
    const quota = await this.quotaBytes();
    if (quota === null) return disk;
    return Math.max(0, Math.min(disk, quota - (await this.usedBytes())));
  },

  /** The shop's upload allowance in bytes, or null when the site setting leaves it empty. */
  async quotaBytes(): Promise<number | null> {
    const setting = (await strapi.db.query(SETTING_UID).findOne({ select: ['storage_quota_mb'] })) as { storage_quota_mb?: number | string | null } | null;
    const megabytes = setting?.storage_quota_mb;
    if (megabytes === null || megabytes === undefined || megabytes === '') return null;
    const value = Number(megabytes);
    return Number.isFinite(value) && value >= 0 ? value * BYTES_PER_MEGABYTE : null;
  },

  /** Bytes of every upload received and not deleted. */
  async usedBytes(): Promise<number> {
    const table = strapi.db.metadata.get(RECORD_UID).tableName;
    const row = (await strapi.db.connection(table).sum({ total: 'size' }).first()) as { total?: number | string | null } | undefined;
    return Number(row?.total ?? 0);
  },

  /** Bytes of the uploads of one account, or of every visitor's unclaimed uploads (null). */
  async ownedBytes(ownerId: number | null): Promise<number> {
    const rows = (await strapi.db.query(RECORD_UID).findMany({
      select: ['size'],
      where: ownerId === null ? { owner: { id: { $null: true } } } : { owner: { id: ownerId } },
    })) as { size: number | string }[];
    return rows.reduce((sum, row) => sum + Number(row.size ?? 0), 0);
  },

  /**
   * Removes the visitors' uploads (no owner) received more than UNATTACHED_UPLOAD_MAX_AGE_HOURS
   * before `now` that no record uses: the file, its media-library entry and its record. Returns
   * the names removed.
   */
  async removeUnattachedUploads(now: Date = new Date()): Promise<string[]> {
    const maxAgeHours = positiveIntEnv('UNATTACHED_UPLOAD_MAX_AGE_HOURS', DEFAULT_UNATTACHED_MAX_AGE_HOURS);
    const cutoff = new Date(now.getTime() - maxAgeHours * 3600 * 1000);
    const rows = (await strapi.db.query(RECORD_UID).findMany({
      select: ['id', 'name'],
      where: { owner: { id: { $null: true } }, createdAt: { $lt: cutoff } },
      populate: { file: { select: ['id', 'formats'] } },
      orderBy: { id: 'asc' },
      limit: 500,
    })) as RecordRow[];
    const removed: string[] = [];
    const dir = this.uploadsDir();
    for (const row of rows) {
      if (!STORED_NAME_PATTERN.test(row.name)) continue;
      const fileId = row.file?.id ?? null;
      if (fileId !== null) {
        const used = (await strapi.db.connection(MEDIA_RELATIONS_TABLE).where('file_id', fileId).whereNot('related_type', RECORD_UID).count({ n: '*' }).first()) as { n: number | string } | undefined;
        if (Number(used?.n ?? 0) > 0) continue;
      }
      await strapi.db.transaction(async () => {
        await strapi.db.query(RECORD_UID).delete({ where: { id: row.id } });
        if (fileId !== null) await strapi.db.query(FILE_UID).delete({ where: { id: fileId } });
      });
      const renditions = renditionNames(row.file?.formats);
      await Promise.all([row.name, ...renditions].map((name) => fs.promises.rm(path.join(dir, name), { force: true })));
      removed.push(row.name);
    }
    return removed;
  },

  /** Registers the hourly clean-up of unattached visitor uploads with Strapi's cron. */
  scheduleCleanUp(): void {
    scheduleJob(strapi, {
      name: UNATTACHED_UPLOADS_JOB_NAME,
      rule: EVERY_HOUR,
      periodSeconds: 3600,
      task: async () => {
        const removed = await this.removeUnattachedUploads(new Date());
        if (removed.length > 0) strapi.log.info(`[storage] removed ${removed.length} unattached upload(s)`);
      },
    });
  },

  /** Free space in gigabytes of 1073741824 bytes, rounded down to 2 decimals so it never promises too much. */
  async freeGigabytes(): Promise<number> {
    return Math.floor(((await this.freeBytes()) / BYTES_PER_GIGABYTE) * 100) / 100;
  },

  /**
   * Checks every file (name, size, content), then the free space, then writes them all
   * under fresh names and records them. Returns the stored names in the order given.
   */
  async saveUploads(args: { files: IncomingFile[]; ownerId: number | null }): Promise<StoredUpload[]> {
    const { files, ownerId } = args;
    if (files.length === 0) throw badRequest('INPUT_ERROR');
    if (files.length > uploadMaxFiles()) throw badRequest('INPUT_ERROR');

    const limit = uploadSizeLimit();
    const checked: { file: IncomingFile; type: DetectedType }[] = [];
    for (const file of files) {
      const nameExtension = allowedNameExtension(file.originalFilename);
      if (!nameExtension) throw badRequest('FILE_TYPE_NOT_ALLOWED');
      if (file.size > limit) throw new ApiError(413, 'FILE_TOO_LARGE');
      const type = file.size > 0 ? await detectAllowedContent(file.filepath, nameExtension) : null;
      if (!type) throw badRequest('FILE_TYPE_NOT_ALLOWED');
      checked.push({ file, type });
    }

    const total = files.reduce((sum, file) => sum + file.size, 0);
    if (total >= (await this.freeBytes())) throw new ApiError(507, 'OUT_OF_STORAGE');
    const quotas = uploadQuotas();
    const quota = ownerId === null ? quotas.anonymousBytes : quotas.ownerBytes;
    if ((await this.ownedBytes(ownerId)) + total > quota) throw new ApiError(507, 'OUT_OF_STORAGE');

    const dir = this.uploadsDir();
    const written: string[] = [];
    try {
      const stored: { type: DetectedType; name: string; size: number; picture: ProcessedPicture | null }[] = [];
      for (const { file, type } of checked) {
        const name = storedFileName(type.ext);
        // COPYFILE_EXCL: a stored name is never reused, even in the unlikely event of a collision
        await fs.promises.copyFile(file.filepath, path.join(dir, name), fs.constants.COPYFILE_EXCL);
        written.push(name);
        // A picture is stored upright, without its metadata (EXIF, GPS), with WebP renditions beside it (ADR 193).
        const picture = isRewrittenPicture(type.mime) ? await processPicture({ dir, hash: name.slice(0, name.indexOf('.')), ext: `.${type.ext}`, mime: type.mime }).catch(() => null) : null;
        if (isRewrittenPicture(type.mime) && !picture) throw badRequest('FILE_TYPE_NOT_ALLOWED');
        written.push(...(picture?.written ?? []));
        stored.push({ type, name, size: picture?.sizeInBytes ?? file.size, picture });
      }
      return await strapi.db.transaction(async () => {
        const result: StoredUpload[] = [];
        for (const { type, name, size, picture } of stored) {
          const media = await strapi.db.query(FILE_UID).create({
            data: {
              name,
              hash: name.slice(0, name.indexOf('.')),
              ext: `.${type.ext}`,
              mime: type.mime,
              size: kilobytes(size),
              url: uploadUrl(name),
              provider: 'local',
              folderPath: '/',
              ...(picture ? { width: picture.width, height: picture.height, formats: picture.formats } : {}),
            },
          });
          await strapi.db.query(RECORD_UID).create({
            data: { name, mime: type.mime, kind: type.kind, size, owner: ownerId, file: media.id },
          });
          result.push({ name, url: uploadUrl(name), mime: type.mime, kind: type.kind, size });
        }
        return result;
      });
    } catch (error) {
      await Promise.all(written.map((name) => fs.promises.rm(path.join(dir, name), { force: true })));
      throw error;
    }
  },

  /**
   * True when `/uploads/{name}` must not be served: the name is one this service gave out and
   * its file is attached to no record of PUBLIC_MEDIA_OWNERS. Names it never gave out (files
   * the media library or the seed put there) are left to the static server.
   */
  async isPrivateUpload(name: string): Promise<boolean> {
    // A picture's rendition (`w640_<hash>.webp`) is as private as the picture it was made from.
    const hash = RENDITION_NAME_PATTERN.exec(name)?.[1];
    const originals = hash ? STORED_PICTURE_EXTENSIONS.map((ext) => `${hash}.${ext}`).filter((candidate) => STORED_NAME_PATTERN.test(candidate)) : [name];
    if (!originals.some((candidate) => STORED_NAME_PATTERN.test(candidate))) return false;
    const knex = strapi.db.connection;
    const records = strapi.db.metadata.get(RECORD_UID).tableName;
    const placeholders = PUBLIC_MEDIA_OWNERS.map(() => '?').join(', ');
    const row = (await knex(records)
      .whereIn('name', originals)
      .select(
        knex.raw(
          `exists (select 1 from ${MEDIA_RELATIONS_TABLE} own join ${MEDIA_RELATIONS_TABLE} pub on pub.file_id = own.file_id` +
            ` where own.related_type = ? and own.related_id = ${records}.id and pub.related_type in (${placeholders})) as shown`,
          [RECORD_UID, ...PUBLIC_MEDIA_OWNERS],
        ),
      )
      .first()) as { shown: boolean | number | string } | undefined;
    if (!row) return false;
    return !(row.shown === true || Number(row.shown) === 1);
  },

  /**
   * The upload of that name when `reader` may read it: its owner, or any shop administrator.
   * Null for anyone else, a name this service never gave out, or a file gone from the disk,
   * so a caller cannot tell someone else's file from a missing one.
   */
  async findReadable(args: { name: string; readerId: number; isShopAdmin: boolean }): Promise<ReadableUpload | null> {
    if (!STORED_NAME_PATTERN.test(args.name)) return null;
    const row = (await strapi.db.query(RECORD_UID).findOne({
      where: { name: args.name },
      select: ['id', 'name', 'mime', 'size'],
      populate: { owner: { select: ['id'] } },
    })) as RecordRow | null;
    if (!row) return null;
    if (!args.isShopAdmin && row.owner?.id !== args.readerId) return null;
    const filepath = path.join(this.uploadsDir(), row.name);
    const stat = await fs.promises.stat(filepath).catch(() => null);
    if (!stat?.isFile()) return null;
    return { name: row.name, mime: row.mime, size: stat.size, filepath };
  },

  /** The uploads of one account, newest first, each with the address its owner reads it at. */
  async listOwnUploads(args: { ownerId: number; page: number; pageSize: number }): Promise<{ data: UploadListItem[]; total: number }> {
    const where = { owner: { id: args.ownerId } };
    const [rows, total] = await Promise.all([
      strapi.db.query(RECORD_UID).findMany({
        where,
        select: ['id', 'name', 'mime', 'kind', 'size', 'createdAt'],
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        offset: (args.page - 1) * args.pageSize,
        limit: args.pageSize,
      }) as Promise<RecordRow[]>,
      strapi.db.query(RECORD_UID).count({ where }),
    ]);
    return { data: rows.map((row) => ({ ...toStored(row), url: privateFileUrl(row.name), createdAt: row.createdAt ? new Date(row.createdAt).toISOString() : null })), total: Number(total) };
  },

  /**
   * The uploads behind the given names when every one exists, is of an allowed kind and
   * may be attached by `ownerId`: its own uploads and a visitor's (no owner). Null when any
   * name fails, so a caller cannot tell someone else's file from a missing one.
   */
  async findAttachable(args: { names: readonly string[]; ownerId: number | null; kinds: readonly UploadKind[] }): Promise<AttachableUpload[] | null> {
    const names = [...new Set(args.names)];
    if (names.length === 0) return [];
    if (names.some((name) => !STORED_NAME_PATTERN.test(name))) return null;
    const rows = (await strapi.db.query(RECORD_UID).findMany({
      where: { name: { $in: names } },
      select: ['id', 'name', 'mime', 'kind', 'size'],
      populate: { owner: { select: ['id'] }, file: { select: ['id'] } },
    })) as RecordRow[];
    if (rows.length !== names.length) return null;
    const allowed = rows.every((row) => args.kinds.includes(row.kind) && (!row.owner || row.owner.id === args.ownerId));
    if (!allowed) return null;
    const byName = new Map(rows.map((row) => [row.name, row]));
    return names.map((name) => {
      const row = byName.get(name)!;
      return { ...toStored(row), recordId: row.id, fileId: row.file?.id ?? null };
    });
  },

  /** Gives a visitor's uploads to the account they were attached for, so no one else can attach them again. */
  async claimUploads(args: { uploads: readonly AttachableUpload[]; ownerId: number | null }): Promise<void> {
    if (args.ownerId === null) return;
    for (const upload of args.uploads) {
      await strapi.db.query(RECORD_UID).update({ where: { id: upload.recordId, owner: { id: { $null: true } } }, data: { owner: args.ownerId } });
    }
  },
});
