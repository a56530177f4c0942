import { z } from 'zod';
import { BYTES_PER_GIGABYTE } from '../constants/index.js';
import { defaultTranslate, type Translate } from '../texts/index.js';
import { fileListField, type FileRef } from './fields.js';

/** Image types of the administrator upload control. */
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'jpeg', 'gif', 'webp'] as const;
/** Profile pictures take a narrower list (no webp). */
export const PROFILE_IMAGE_EXTENSIONS = ['jpg', 'png', 'jpeg', 'gif'] as const;
/** Video types; quicktime files carry the .mov extension. */
export const VIDEO_EXTENSIONS = ['m4v', 'mp4', 'avi', 'mpg', 'quicktime', 'mov'] as const;
/** Script, config and web extensions refused wherever they appear in a file name. */
export const DENIED_EXTENSIONS = ['sh', 'bash', 'ksh', 'csh', 'py', 'pl', 'rb', 'php', 'cgi', 'bin', 'run', 'jar', 'conf', 'ini', 'json', 'yaml', 'yml', 'sql', 'env', 'html', 'htm', 'js'] as const;

export type UploadKind = 'image' | 'video' | 'profile';

const EXTENSIONS: Record<UploadKind, readonly string[]> = { image: IMAGE_EXTENSIONS, video: VIDEO_EXTENSIONS, profile: PROFILE_IMAGE_EXTENSIONS };

/** MIME types each kind accepts, when the browser reports one. */
const MIME_TYPES: Record<UploadKind, readonly string[]> = {
  image: ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'],
  profile: ['image/jpeg', 'image/jpg', 'image/png', 'image/gif'],
  video: ['video/mp4', 'video/x-m4v', 'video/m4v', 'video/avi', 'video/x-msvideo', 'video/mpeg', 'video/mpg', 'video/quicktime'],
};

/** Every extension of a file name, lower-cased: 'Photo.JPG.php' gives ['jpg', 'php'], '.env' gives ['env']. */
export function fileExtensions(name: string): string[] {
  const base = name.split(/[\\/]/).pop() as string;
  return base
    .split('.')
    .slice(1)
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Whether a file may be uploaded as the given kind. The deny-list is checked on the
 * file's extensions (every one of them, so 'a.jpg.php' and 'a.php.jpg' are both
 * refused), case-insensitively; then the last extension must be in the kind's list,
 * and a reported MIME type must be one of the kind's types.
 */
export function isAllowedUpload(file: FileRef, kind: UploadKind): boolean {
  const extensions = fileExtensions(file.name);
  const last = extensions[extensions.length - 1];
  if (!last || extensions.some((ext) => (DENIED_EXTENSIONS as readonly string[]).includes(ext))) return false;
  if (!EXTENSIONS[kind].includes(last)) return false;
  return !file.type || MIME_TYPES[kind].includes(file.type.toLowerCase());
}

/** The storage check: the file's size in gigabytes must be smaller than the free space (in gigabytes). */
export function hasStorageFor(sizeBytes: number, freeGigabytes: number): boolean {
  return sizeBytes / BYTES_PER_GIGABYTE < freeGigabytes;
}

export type UploadSchemaOptions = { required?: boolean; maxFiles?: number; requiredMessage?: string; t: Translate };

/** A list of files of one kind: every file of an allowed type ('File type is not allow to upload.'), at most maxFiles. */
export function buildUploadSchema(kind: UploadKind, options: UploadSchemaOptions) {
  const { t } = options;
  return fileListField.superRefine((files, ctx) => {
    if (options.required && files.length === 0) {
      ctx.addIssue({ code: 'custom', message: options.requiredMessage ?? t('upload_required') });
      return;
    }
    if (files.some((file) => !isAllowedUpload(file, kind))) {
      ctx.addIssue({ code: 'custom', message: t('upload_file_type_not_allowed') });
      return;
    }
    if (options.maxFiles !== undefined && files.length > options.maxFiles) {
      ctx.addIssue({ code: 'custom', message: t('validation_max_files', { max: options.maxFiles }) });
    }
  });
}

/** Images and videos, with the Thai defaults' messages. */
export const ImageUploadSchema = /* @__PURE__ */ buildUploadSchema('image', { t: defaultTranslate });
export const VideoUploadSchema = /* @__PURE__ */ buildUploadSchema('video', { t: defaultTranslate });
export type UploadFiles = z.output<ReturnType<typeof buildUploadSchema>>;
