/** Uploaded files as the storefront needs them: a URL and the few facts a page shows. */

export type UploadFormat = { url?: string; width?: number | null; height?: number | null };
export type UploadFile = {
  id?: number;
  name?: string | null;
  url?: string | null;
  alternativeText?: string | null;
  width?: number | null;
  height?: number | null;
  mime?: string | null;
  size?: number | null;
  formats?: Record<string, UploadFormat> | null;
};

/** The columns every populate of a media field selects. */
export const MEDIA_SELECT = ['id', 'name', 'url', 'alternativeText', 'width', 'height', 'mime', 'size', 'formats'] as const;
export const MEDIA_POPULATE = { select: [...MEDIA_SELECT] } as const;

export type ImageDto = { url: string; alternativeText: string | null; width: number | null; height: number | null };
export type FileDto = { name: string | null; url: string; mime: string | null; size: number | null };

/** A rendition no wider than `format` (Strapi's large 1000 px, medium 750, small 500), else the original. */
export function imageUrl(file: UploadFile | null | undefined, format?: 'large' | 'medium' | 'small'): string | null {
  if (!file?.url) return null;
  return (format && file.formats?.[format]?.url) || file.url;
}

export function imageDto(file: UploadFile | null | undefined): ImageDto | null {
  if (!file?.url) return null;
  return { url: file.url, alternativeText: file.alternativeText ?? null, width: file.width ?? null, height: file.height ?? null };
}

export function fileDto(file: UploadFile | null | undefined): FileDto | null {
  if (!file?.url) return null;
  return { name: file.name ?? null, url: file.url, mime: file.mime ?? null, size: file.size ?? null };
}

/** One WebP rendition of a picture (ADR 193): its address and its width in pixels, for a `srcset`. */
export type PictureSource = { url: string; width: number };

/** The WebP renditions of a picture (formats `w320`, `w640`, ...), narrowest first; empty for a file that has none. */
export function pictureSources(file: UploadFile | null | undefined): PictureSource[] {
  if (!file?.url || !file.formats) return [];
  return Object.entries(file.formats)
    .filter(([key, format]) => /^w\d+$/.test(key) && typeof format?.url === 'string' && typeof format.width === 'number' && format.width > 0)
    .map(([, format]) => ({ url: format.url as string, width: format.width as number }))
    .sort((a, b) => a.width - b.width);
}
