/**
 * Files a form points at (profile picture, company certificate, custom-label images), by
 * the stored name the upload call returned (served as /uploads/{name}). A name is accepted
 * only when it is one safe file name, the upload record says the caller may attach it (its
 * own upload or a visitor's: api::storage findAttachable) and, with a local upload folder,
 * the file is still there. Without the storage API a name must be served by the media
 * library or lie in the upload folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';

const FILE_UID = 'plugin::upload.file';

/** A stored upload name: one path segment of safe characters with an extension. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.[A-Za-z0-9]{1,10}$/;

const MIME_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
};

export type UploadKind = 'image' | 'video' | 'document';

/** What the storage API answers for an upload the caller may attach. */
type Attachable = { name: string; size: number; recordId: number; fileId: number | null };

type StorageService = {
  findAttachable(args: { names: readonly string[]; ownerId: number | null; kinds: readonly UploadKind[] }): Promise<Attachable[] | null>;
  claimUploads(args: { uploads: readonly Attachable[]; ownerId: number | null }): Promise<void>;
};

export type UploadedFile = { name: string; id?: number; onDisk?: { size: number }; attachable?: Attachable };

export type FindOptions = {
  /** Who attaches the files: a student id, or null for a visitor signing up. */
  ownerId: number | null;
  kinds: readonly UploadKind[];
};

/**
 * The stored name in what a client sent: a bare name, `/uploads/{name}` or a full URL.
 * Null for anything that is not a single safe file name (`..`, slashes, odd characters).
 */
export function uploadName(value: string): string | null {
  const trimmed = value.trim().split(/[?#]/)[0];
  const name = trimmed.includes('/') ? trimmed.slice(trimmed.lastIndexOf('/') + 1) : trimmed;
  if (!SAFE_NAME.test(name) || name.includes('..')) return null;
  return name;
}

/** The stored name of a media-library entry (the last segment of its URL). */
export function storedName(file: { url?: string | null; name?: string | null }): string {
  const url = file.url ?? '';
  return url ? url.slice(url.lastIndexOf('/') + 1) : String(file.name ?? '');
}

function storageService(strapi: Core.Strapi): StorageService | null {
  const service = strapi.service('api::storage.storage') as Partial<StorageService> | undefined;
  return service && typeof service.findAttachable === 'function' && typeof service.claimUploads === 'function' ? (service as StorageService) : null;
}

function fileSize(file: string): number | null {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}

/**
 * Looks every name up without writing anything: `found` in the order given (each name
 * once), `missing` for the names that may not be attached, whatever the reason.
 */
export async function findUploadedFiles(strapi: Core.Strapi, values: readonly string[], options: FindOptions): Promise<{ found: UploadedFile[]; missing: string[] }> {
  const found: UploadedFile[] = [];
  const missing: string[] = [];
  const dir = path.join(strapi.dirs.static.public, 'uploads');
  const hasFolder = fs.existsSync(dir);
  const storage = storageService(strapi);
  const seen = new Set<string>();
  for (const value of values) {
    const name = uploadName(value);
    if (!name) {
      missing.push(value);
      continue;
    }
    if (seen.has(name)) continue;
    seen.add(name);
    const onDisk = hasFolder ? fileSize(path.join(dir, name)) : null;
    if (hasFolder && onDisk === null) {
      missing.push(value);
      continue;
    }
    if (storage) {
      const [attachable] = (await storage.findAttachable({ names: [name], ownerId: options.ownerId, kinds: options.kinds })) ?? [];
      if (!attachable) missing.push(value);
      else found.push({ name, attachable, ...(attachable.fileId === null ? { onDisk: { size: onDisk ?? attachable.size } } : { id: attachable.fileId }) });
      continue;
    }
    const row = (await strapi.db.query(FILE_UID).findOne({ where: { url: `/uploads/${name}` }, select: ['id'] })) as { id: number } | null;
    if (row) found.push({ name, id: row.id });
    else if (onDisk !== null) found.push({ name, onDisk: { size: onDisk } });
    else missing.push(value);
  }
  return { found, missing };
}

/**
 * Media-library ids of found files; files that only exist on disk get their media-library
 * entry now. Call inside the write's transaction.
 */
export async function uploadedFileIds(strapi: Core.Strapi, files: readonly UploadedFile[]): Promise<number[]> {
  const ids: number[] = [];
  for (const file of files) {
    if (file.id !== undefined) {
      ids.push(file.id);
      continue;
    }
    const ext = path.extname(file.name).toLowerCase();
    const row = (await strapi.db.query(FILE_UID).create({
      data: {
        name: file.name,
        hash: file.name.slice(0, file.name.length - ext.length),
        ext,
        mime: MIME_TYPES[ext] ?? 'application/octet-stream',
        // the media library keeps sizes in kilobytes
        size: Math.round(((file.onDisk?.size ?? 0) / 1000) * 100) / 100,
        url: `/uploads/${file.name}`,
        provider: 'local',
        folderPath: '/',
      },
    })) as { id: number };
    ids.push(row.id);
  }
  return ids;
}

/** The attached files become the account's: a visitor's upload can then be attached by no one else. */
export async function claimUploadedFiles(strapi: Core.Strapi, files: readonly UploadedFile[], ownerId: number): Promise<void> {
  const attachable = files.flatMap((file) => (file.attachable ? [file.attachable] : []));
  const storage = storageService(strapi);
  if (storage && attachable.length > 0) await storage.claimUploads({ uploads: attachable, ownerId });
}
