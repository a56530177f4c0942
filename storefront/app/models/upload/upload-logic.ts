/**
 * The upload control's rules as pure functions: which files it keeps, which it marks for
 * deletion, how the preview moves, what it refuses. The component only renders them.
 *
 * `fileList` is what the record will hold after saving, in order: pictures saved before
 * (`saved`) and files chosen now (`added`). `deleteFileList` holds the saved pictures taken
 * out of the list: they are deleted when the caller saves, never before. A file chosen and
 * removed again before saving was never sent anywhere and is simply dropped.
 */
import { hasStorageFor, isAllowedUpload } from '@sala/shared/schemas';

export type UploadType = 'image' | 'video';

/** Pictures one course or product may hold (the CMS holds the same limit). */
export const MAX_PICTURES = 20;

/** A file the record holds already (served by the CMS). */
export type SavedFile = { kind: 'saved'; key: string; fileId: number; url: string; name: string; mime: string };
/** A file chosen in this browser and not sent yet. */
export type AddedFile<F = File> = { kind: 'added'; key: string; file: F; url: string; name: string; mime: string };
export type UploadItem<F = File> = SavedFile | AddedFile<F>;

export type UploadValue<F = File> = { fileList: UploadItem<F>[]; deleteFileList: SavedFile[] };

export type RefusalCode = 'FILE_TYPE_NOT_ALLOWED' | 'OUT_OF_STORAGE';

/** The files chosen at once, as the rules see them. */
export type ChosenFile = { name: string; type: string; size: number };

export function savedFiles(files: readonly { fileId: number; url: string; name: string; mime: string }[]): UploadValue<never> {
  return { fileList: files.map((file) => ({ kind: 'saved', key: `saved-${file.fileId}`, ...file })), deleteFileList: [] };
}

/** The index after moving `step` from `index` in a list of `length`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, length: number): number {
  if (length <= 0) return 0;
  return (((index + step) % length) + length) % length;
}

/**
 * Adds chosen files. With `limitFile` 1 a new file replaces the current one (a saved one
 * goes to deleteFileList); with a larger limit only as many as fit are added. Returns how
 * many were left out.
 */
export function addFiles<F>(value: UploadValue<F>, added: AddedFile<F>[], limitFile?: number): { value: UploadValue<F>; leftOut: AddedFile<F>[] } {
  if (limitFile === 1 && added.length > 0) {
    const replaced = value.fileList.filter((item): item is SavedFile => item.kind === 'saved');
    return { value: { fileList: [added[0]], deleteFileList: [...value.deleteFileList, ...replaced] }, leftOut: added.slice(1) };
  }
  const room = limitFile === undefined ? added.length : Math.max(0, limitFile - value.fileList.length);
  return {
    value: { fileList: [...value.fileList, ...added.slice(0, room)], deleteFileList: value.deleteFileList },
    leftOut: added.slice(room),
  };
}

/** Takes the item at `index` out of the list; a saved file is remembered for deletion on save. */
export function removeAt<F>(value: UploadValue<F>, index: number): { value: UploadValue<F>; removed: UploadItem<F> | null } {
  const removed = value.fileList[index];
  if (!removed) return { value, removed: null };
  return {
    value: {
      fileList: value.fileList.filter((_, i) => i !== index),
      deleteFileList: removed.kind === 'saved' ? [...value.deleteFileList, removed] : value.deleteFileList,
    },
    removed,
  };
}

/** True when no more files may be chosen (a single-file control always accepts a replacement). */
export function isFull(value: UploadValue<unknown>, limitFile?: number): boolean {
  return limitFile !== undefined && limitFile > 1 && value.fileList.length >= limitFile;
}

/** What the save sends: the list to keep in order (saved by id, added by position among the new files) and the ids to delete. */
export function toSavePlan<F>(value: UploadValue<F>): { keep: ({ fileId: number } | { added: number })[]; deleted: number[]; files: F[] } {
  const files: F[] = [];
  const keep = value.fileList.map((item) => {
    if (item.kind === 'saved') return { fileId: item.fileId };
    files.push(item.file);
    return { added: files.length - 1 };
  });
  return { keep, deleted: value.deleteFileList.map((item) => item.fileId), files };
}

/** The name and MIME check for every chosen file (script, config and web extensions refused anywhere in the name). */
export function isAllowedType(file: ChosenFile, type: UploadType): boolean {
  return isAllowedUpload({ name: file.name, type: file.type, size: file.size }, type);
}

type Signature = { offset: number; bytes: number[] };
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** First bytes of each allowed format (the CMS checks the same way). */
const SIGNATURES: Record<UploadType, Signature[][]> = {
  image: [
    [{ offset: 0, bytes: [0xff, 0xd8, 0xff] }],
    [{ offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }],
    [{ offset: 0, bytes: ascii('GIF8') }],
    [
      { offset: 0, bytes: ascii('RIFF') },
      { offset: 8, bytes: ascii('WEBP') },
    ],
  ],
  video: [
    [{ offset: 4, bytes: ascii('ftyp') }],
    [
      { offset: 0, bytes: ascii('RIFF') },
      { offset: 8, bytes: ascii('AVI ') },
    ],
    [{ offset: 0, bytes: [0x00, 0x00, 0x01, 0xba] }],
    [{ offset: 0, bytes: [0x00, 0x00, 0x01, 0xb3] }],
  ],
};

/** Bytes the content check reads from the start of a file. */
export const SIGNATURE_LENGTH = 12;

/** True when the first bytes of a file are those of an allowed format of `type` (an HTML page renamed .png is not). */
export function hasAllowedContent(head: Uint8Array, type: UploadType): boolean {
  return SIGNATURES[type].some((parts) => parts.every(({ offset, bytes }) => bytes.every((byte, i) => head[offset + i] === byte)));
}

/**
 * The first reason to refuse the chosen files, or null. Every file's name, type and first
 * bytes are checked; then the storage check: their total size in gigabytes must be smaller
 * than the free space (skipped when `freeGigabytes` is null: unknown or not checked).
 */
export function refusalFor(files: readonly (ChosenFile & { head: Uint8Array })[], type: UploadType, freeGigabytes: number | null): RefusalCode | null {
  if (files.some((file) => !isAllowedType(file, type) || !hasAllowedContent(file.head, type))) return 'FILE_TYPE_NOT_ALLOWED';
  if (
    freeGigabytes !== null &&
    !hasStorageFor(
      files.reduce((sum, file) => sum + file.size, 0),
      freeGigabytes,
    )
  )
    return 'OUT_OF_STORAGE';
  return null;
}

/** Grid columns of the thumbnails: the caller's choice kept within 1 to 4 (narrow screens show at most 2). */
export function gridColumns(columns: number = 4): number {
  return Number.isFinite(columns) ? Math.min(Math.max(Math.trunc(columns), 1), 4) : 4;
}

/** The text key of a refusal. */
export const REFUSAL_TEXT_KEYS: Record<RefusalCode, string> = {
  FILE_TYPE_NOT_ALLOWED: 'upload_file_type_not_allowed',
  OUT_OF_STORAGE: 'upload_out_of_storage',
};
