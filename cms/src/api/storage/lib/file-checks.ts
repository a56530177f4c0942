/**
 * What an uploaded file may be. A file passes only when its name and its bytes agree:
 * the name's extensions are checked against the shared deny-list and the allowed lists,
 * then the content's signature (magic bytes) must be of the same family. The stored
 * name is made here from random bytes and the detected extension, so nothing of the
 * client's name (path, double extensions, odd characters) reaches the disk.
 */
import { randomBytes } from 'node:crypto';
import { DENIED_EXTENSIONS, IMAGE_EXTENSIONS, VIDEO_EXTENSIONS, fileExtensions } from '@sala/shared/schemas';

export type UploadKind = 'image' | 'video' | 'document';

export type DetectedType = { ext: DetectedExtension; mime: string; kind: UploadKind };

/** Extensions the content detector may report that we keep, with their kind. */
const DETECTED_KINDS = {
  jpg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  mp4: 'video',
  m4v: 'video',
  mov: 'video',
  avi: 'video',
  mpg: 'video',
  pdf: 'document',
} as const satisfies Record<string, UploadKind>;
type DetectedExtension = keyof typeof DETECTED_KINDS;

const ISO_MEDIA = ['mp4', 'm4v', 'mov'] as const;

/**
 * For each extension a name may end with, the detected types its content may have.
 * MP4, M4V and QuickTime share one container format and differ only by a brand, so
 * each of those names accepts the three.
 */
const CONTENT_FOR_NAME: Record<string, readonly DetectedExtension[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  mp4: ISO_MEDIA,
  m4v: ISO_MEDIA,
  mov: ISO_MEDIA,
  quicktime: ISO_MEDIA,
  avi: ['avi'],
  mpg: ['mpg'],
  pdf: ['pdf'],
};

// The allowed names follow the shared lists; the table above says what content each may hold.
const ALLOWED_NAME_EXTENSIONS = new Set<string>([...IMAGE_EXTENSIONS, ...VIDEO_EXTENSIONS, 'pdf'].filter((ext) => ext in CONTENT_FOR_NAME));
const DENIED = new Set<string>(DENIED_EXTENSIONS);

/** Longest client file name we look at; browsers send far shorter ones. */
const MAX_NAME_LENGTH = 255;

/**
 * The name check: no path (a name with / or \ is refused, not cleaned), no control
 * characters, no denied extension anywhere in it ('a.jpg.php', 'a.php.jpg'), and a
 * last extension from the allowed lists. Returns the last extension, or null.
 */
export function allowedNameExtension(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME_LENGTH) return null;
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f]/.test(name)) return null;
  const extensions = fileExtensions(name);
  if (extensions.length === 0 || extensions.some((ext) => DENIED.has(ext))) return null;
  const last = extensions[extensions.length - 1];
  return ALLOWED_NAME_EXTENSIONS.has(last) ? last : null;
}

type FileTypeResult = { ext: string; mime: string } | undefined;
type FileTypeModule = { fileTypeFromFile(path: string): Promise<FileTypeResult> };

let detector: FileTypeModule | null = null;

/** file-type is ESM only; Node 20.19+ loads it with require() (the CMS is CommonJS). */
function fileTypeModule(): FileTypeModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  detector ??= require('file-type') as FileTypeModule;
  return detector;
}

/**
 * The type of a file from its first bytes, when it is one we keep and it matches the
 * extension its name claims; null otherwise (HTML or SVG renamed .png, a script, a
 * PNG named .jpg, an unknown or empty file).
 */
export async function detectAllowedContent(filepath: string, nameExtension: string): Promise<DetectedType | null> {
  const accepted = CONTENT_FOR_NAME[nameExtension];
  if (!accepted) return null;
  const found = await fileTypeModule().fileTypeFromFile(filepath);
  if (!found || !(accepted as readonly string[]).includes(found.ext)) return null;
  const ext = found.ext as DetectedExtension;
  return { ext, mime: found.mime, kind: DETECTED_KINDS[ext] };
}

/** A fresh stored name: 32 random hex characters and the detected extension. */
export function storedFileName(ext: DetectedExtension): string {
  return `${randomBytes(16).toString('hex')}.${ext}`;
}

/** The shape of a stored name; anything else is not one of ours and is never looked up on disk. */
export const STORED_NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png|gif|webp|mp4|m4v|mov|avi|mpg|pdf)$/;
