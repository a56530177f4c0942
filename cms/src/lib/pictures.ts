/**
 * Pictures made fit for their slots and stripped of what they tell about their sender. Every
 * JPEG, PNG or WebP stored on the local disk, whether through the storefront's upload control,
 * the Strapi media library or the demo seed, is rewritten here once: the original is turned
 * upright and encoded again without its metadata (EXIF, GPS, XMP, IPTC, comments), and WebP
 * renditions at the widths of PICTURE_WIDTHS are written beside it as media-library formats
 * (`w320`, `w640`, ...). The storefront builds its `srcset` from those formats.
 *
 * sharp (the upload plugin's own dependency) drops every piece of metadata unless asked to keep
 * it (`withMetadata`/`keepMetadata`), which is why no call here asks.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import type sharpFactory from 'sharp';

/** Widths of the WebP renditions; only those narrower than the picture are made, and the picture's own width when under 1600 px. */
export const PICTURE_WIDTHS = [320, 480, 640, 960, 1280] as const;
/** The widest rendition: wider originals get a 1600 px WebP as their largest candidate. */
const MAX_RENDITION_WIDTH = 1600;
const WEBP_QUALITY = 72;
/** Quality the original is encoded again at when it is a JPEG or a WebP: close to what editors send, without their metadata. */
const ORIGINAL_QUALITY = 88;
/** A picture larger than this in pixels (width x height) is refused by sharp rather than decoded (a decompression bomb). */
export const MAX_PICTURE_PIXELS = 50_000_000;

/** The rendition keys this module writes into a media file's `formats`. */
export const RENDITION_KEY_PATTERN = /^w\d+$/;
/** The stored name of a rendition: its key, the original's hash, `.webp`. */
export const RENDITION_NAME_PATTERN = /^w\d+_([0-9a-zA-Z_-]+)\.webp$/;

const REWRITTEN_MIMES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export type PictureFormat = {
  name: string;
  hash: string;
  ext: string;
  mime: string;
  path: null;
  width: number;
  height: number;
  size: number;
  sizeInBytes: number;
  url: string;
};

export type ProcessedPicture = {
  width: number;
  height: number;
  /** Bytes of the rewritten original. */
  sizeInBytes: number;
  formats: Record<string, PictureFormat>;
  /** Every file written beside the original, for a caller that must undo. */
  written: string[];
};

type Sharp = typeof sharpFactory;
let sharpModule: Sharp | null = null;
/** sharp comes with @strapi/upload; the CMS takes the same copy rather than a second one. */
function sharp(): Sharp {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  sharpModule ??= require(require.resolve('sharp', { paths: [path.dirname(require.resolve('@strapi/upload/package.json'))] })) as Sharp;
  return sharpModule;
}

/** Whether a stored file of that MIME type is rewritten and given renditions. */
export function isRewrittenPicture(mime: string | null | undefined): boolean {
  return typeof mime === 'string' && REWRITTEN_MIMES.has(mime);
}

/** The widths of the renditions of a picture `width` pixels wide. */
export function renditionWidths(width: number): number[] {
  const widths: number[] = PICTURE_WIDTHS.filter((candidate) => candidate < width);
  const largest = Math.min(width, MAX_RENDITION_WIDTH);
  if (!widths.includes(largest)) widths.push(largest);
  return widths;
}

const kilobytes = (bytes: number) => Math.round((bytes / 1000) * 100) / 100;

/**
 * The stored file's bytes. Strapi's local provider writes an upload in place, so a second
 * process storing a file of the same name (two CMS seeding the same demo picture) can leave it
 * empty for a moment: an empty read is tried again for up to two seconds.
 */
async function readStored(file: string): Promise<Buffer> {
  for (let attempt = 0; ; attempt += 1) {
    const data = await fs.promises.readFile(file);
    if (data.length > 0 || attempt >= 20) return data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Writes through a temporary file and a rename, so a reader (or a second process seeding the same demo file) never sees half a picture. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await fs.promises.writeFile(temporary, data);
  await fs.promises.rename(temporary, file);
}

/**
 * Rewrites `dir/hash+ext` without metadata and writes its WebP renditions beside it. The
 * original is replaced through a temporary file, so a failure leaves it as it was (and removes
 * the renditions written so far).
 */
export async function processPicture(args: { dir: string; hash: string; ext: string; mime: string; urlPrefix?: string }): Promise<ProcessedPicture> {
  const { dir, hash, ext, mime } = args;
  const urlPrefix = args.urlPrefix ?? '/uploads/';
  const original = path.join(dir, `${hash}${ext}`);
  const input = await readStored(original);
  const open = () => sharp()(input, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' }).rotate();

  const upright = open();
  const encoded =
    mime === 'image/png' ? upright.png({ compressionLevel: 9 }) : mime === 'image/webp' ? upright.webp({ quality: ORIGINAL_QUALITY }) : upright.jpeg({ quality: ORIGINAL_QUALITY, mozjpeg: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });

  const written: string[] = [];
  const formats: Record<string, PictureFormat> = {};
  try {
    for (const width of renditionWidths(info.width)) {
      const key = `w${width}`;
      const name = `${key}_${hash}.webp`;
      const { data: webp, info: result } = await open().resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      await writeAtomically(path.join(dir, name), webp);
      written.push(name);
      formats[key] = {
        name,
        hash: `${key}_${hash}`,
        ext: '.webp',
        mime: 'image/webp',
        path: null,
        width: result.width,
        height: result.height,
        size: kilobytes(result.size),
        sizeInBytes: result.size,
        url: `${urlPrefix}${name}`,
      };
    }
    await writeAtomically(original, data);
  } catch (error) {
    await Promise.all(written.map((name) => fs.promises.rm(path.join(dir, name), { force: true })));
    throw error;
  }
  return { width: info.width, height: info.height, sizeInBytes: data.length, formats, written };
}

/** The names on disk of a media file's renditions, from its `formats`. */
export function renditionNames(formats: unknown): string[] {
  if (!formats || typeof formats !== 'object') return [];
  return Object.entries(formats as Record<string, { hash?: unknown; ext?: unknown }>)
    .filter(([key, format]) => RENDITION_KEY_PATTERN.test(key) && typeof format?.hash === 'string' && format.ext === '.webp')
    .map(([, format]) => `${format.hash as string}.webp`);
}

type FileData = {
  hash?: string;
  ext?: string;
  mime?: string;
  provider?: string;
  url?: string;
  width?: number | null;
  height?: number | null;
  size?: number;
  sizeInBytes?: number;
  formats?: Record<string, unknown> | null;
};

/**
 * Rewrites a media file the local provider has just stored and adds its renditions to the
 * data about to be saved. Files already given renditions (the storefront's uploads do it
 * themselves), other providers and other types are left as they are.
 */
export async function rewriteStoredPicture(strapi: Core.Strapi, data: FileData): Promise<void> {
  if (data.provider !== 'local' || !isRewrittenPicture(data.mime) || !data.hash || !data.ext) return;
  if (data.formats && Object.keys(data.formats).some((key) => RENDITION_KEY_PATTERN.test(key))) return;
  if (!data.url?.startsWith('/uploads/')) return;
  const dir = path.resolve(strapi.dirs.static.public, 'uploads');
  const picture = await processPicture({ dir, hash: data.hash, ext: data.ext, mime: data.mime as string });
  data.width = picture.width;
  data.height = picture.height;
  data.size = kilobytes(picture.sizeInBytes);
  data.sizeInBytes = picture.sizeInBytes;
  data.formats = { ...(data.formats ?? {}), ...picture.formats };
}

/**
 * Every media file the local provider stores passes rewriteStoredPicture before its row is
 * written: the media library's uploads and replacements, and the demo seed's.
 */
export function registerPictureRewrite(strapi: Core.Strapi): void {
  strapi.db.lifecycles.subscribe({
    models: ['plugin::upload.file'],
    async beforeCreate(event) {
      await rewriteStoredPicture(strapi, event.params.data as FileData);
    },
    async beforeUpdate(event) {
      const data = event.params.data as FileData;
      // A replaced file arrives with a new hash and fresh formats; an edit of its caption does not.
      if (data?.hash && data.formats !== undefined) await rewriteStoredPicture(strapi, data);
    },
  });
}
