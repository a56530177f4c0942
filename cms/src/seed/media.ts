import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';

/** Stored file names of seed media start with this, so a reset finds them and re-seeding overwrites them. */
export const DEMO_FILE_PREFIX = 'sala_demo_';

const MIME_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt',
  '.pdf': 'application/pdf',
};

export type UploadedFile = { id: number; url: string; name: string; mime: string };

type ImageManipulation = { generateFileName: (baseName: string) => string };

/** `courses/excel.jpg` is stored as `sala_demo_courses_excel.jpg`. */
function demoFileName(relativePath: string): string {
  return DEMO_FILE_PREFIX + relativePath.replace(/\.[^.]+$/, '').replace(/[^a-zA-Z0-9]+/g, '_');
}

/**
 * Uploads the files of cms/seed-assets through the upload plugin (thumbnails, formats
 * and the media library entry as for any upload), so they are served under /uploads.
 * Stored names are deterministic: every boot of a fresh database (each API test boots
 * several) rewrites the same files instead of adding new ones to public/uploads.
 * The files are processed concurrently; image resizing runs on libuv's thread pool.
 */
export async function uploadSeedFiles(strapi: Core.Strapi, relativePaths: readonly string[], alternativeText: (relativePath: string) => string): Promise<Map<string, UploadedFile>> {
  const assetsDir = path.join(strapi.dirs.app.root, 'seed-assets');
  const uploadService = strapi.plugin('upload').service('upload');
  const imageManipulation = strapi.plugin('upload').service('image-manipulation') as ImageManipulation;
  const paths = [...new Set(relativePaths)];
  const byBaseName = new Map(paths.map((p) => [demoFileName(p), p]));
  const generateFileName = imageManipulation.generateFileName;
  // The upload service names a file `<name>_<random>`; the seed needs the same name on every run.
  imageManipulation.generateFileName = (baseName) => (byBaseName.has(baseName) ? baseName : generateFileName(baseName));
  try {
    const files = await Promise.all(
      paths.map(async (relativePath) => {
        const filepath = path.join(assetsDir, relativePath);
        const ext = path.extname(relativePath).toLowerCase();
        const [file] = (await uploadService.upload({
          data: { fileInfo: { name: demoFileName(relativePath) + ext, alternativeText: alternativeText(relativePath) } },
          files: { filepath, originalFilename: path.basename(relativePath), mimetype: MIME_TYPES[ext] ?? 'application/octet-stream', size: fs.statSync(filepath).size },
        })) as UploadedFile[];
        return [relativePath, file] as const;
      }),
    );
    return new Map(files);
  } finally {
    imageManipulation.generateFileName = generateFileName;
  }
}
