import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type sharpFactory from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';
import { signInAdmin } from './helpers/admin';

type Sharp = typeof sharpFactory;
const requireHere = createRequire(import.meta.url);
const sharp = requireHere(requireHere.resolve('sharp', { paths: [path.dirname(requireHere.resolve('@strapi/upload/package.json'))] })) as Sharp;

const UPLOADS_DIR = path.join(CMS_DIR, 'public', 'uploads');
const MEDIA = 'plugin::upload.file';
const RECORD = 'api::storage.upload-record';

type Format = { url: string; width: number; height: number; mime: string; ext: string };
type MediaRow = { id: number; url: string; width: number; height: number; mime: string; formats: Record<string, Format> | null };

let cms: TestStrapi;
let student: string;
let photo: Buffer;
const written = new Set<string>();

/** A 1600 x 1000 camera photo that says where it was taken (Bangkok) and with what. */
async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#2a7' } })
    .withExif({
      IFD0: { Make: 'SalaTestCam', Model: 'Phone 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '13/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '100/1 30/1 0/1' },
    })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** Every file a media row points at: the original and each format, read back from the disk with sharp. */
async function storedFiles(row: MediaRow): Promise<{ key: string; url: string; metadata: Awaited<ReturnType<ReturnType<Sharp>['metadata']>> }[]> {
  const entries = [['original', row.url] as const, ...Object.entries(row.formats ?? {}).map(([key, format]) => [key, format.url] as const)];
  return Promise.all(
    entries.map(async ([key, url]) => {
      const file = path.join(CMS_DIR, 'public', url);
      written.add(file);
      return { key, url, metadata: await sharp(await fs.promises.readFile(file)).metadata() };
    }),
  );
}

function expectNoMetadata(files: Awaited<ReturnType<typeof storedFiles>>): void {
  for (const file of files) {
    expect({ key: file.key, exif: file.metadata.exif ?? null, xmp: file.metadata.xmp ?? null, iptc: file.metadata.iptc ?? null }).toEqual({ key: file.key, exif: null, xmp: null, iptc: null });
  }
}

beforeAll(async () => {
  cms = await startStrapi({ seed: false });
  const role = await cms.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  const user = await cms.strapi.db.query('plugin::users-permissions.user').create({
    data: { username: 'renditions.student', email: 'renditions.student@example.com', provider: 'local', confirmed: true, blocked: false, role: role.id },
  });
  student = cms.strapi.plugin('users-permissions').service('jwt').issue({ id: user.id });
  photo = await photoWithGps();
});

afterAll(async () => {
  if (cms) {
    const rows = (await cms.strapi.db.query(RECORD).findMany({ select: ['name'] })) as { name: string }[];
    for (const { name } of rows) written.add(path.join(UPLOADS_DIR, name));
  }
  for (const file of written) fs.rmSync(file, { force: true });
  await cms?.stop();
});

describe('pictures stored through the upload control', () => {
  it('the test photo carries EXIF with GPS before it is sent', async () => {
    const metadata = await sharp(photo).metadata();
    expect(metadata.exif?.includes(Buffer.from('SalaTestCam'))).toBe(true);
    // GPSLatitudeRef 'N' is stored in the GPS IFD (tag 0x0001)
    expect(metadata.exif!.length).toBeGreaterThan(100);
  });

  it('keeps the JPEG without its metadata and adds WebP renditions at several widths', async () => {
    const form = new FormData();
    form.append('imageinput0', new Blob([photo], { type: 'image/jpeg' }), 'holiday.jpg');
    const res = await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${student}` } });
    expect(res.status).toBe(200);
    const [name] = ((await res.json()) as { fileName: string[] }).fileName;
    const row = (await cms.strapi.db.query(MEDIA).findOne({ where: { name } })) as MediaRow;

    expect(row.mime).toBe('image/jpeg');
    expect([row.width, row.height]).toEqual([1600, 1000]);
    const formats = row.formats ?? {};
    expect(Object.keys(formats).sort()).toEqual(['w1280', 'w1600', 'w320', 'w480', 'w640', 'w960']);
    for (const [key, format] of Object.entries(formats)) {
      expect(format.mime).toBe('image/webp');
      expect(format.width).toBe(Number(key.slice(1)));
      expect(format.height).toBe(Math.round((format.width * 1000) / 1600));
    }

    const files = await storedFiles(row);
    expect(files.find((file) => file.key === 'original')!.metadata.format).toBe('jpeg');
    expect(files.filter((file) => file.key !== 'original').every((file) => file.metadata.format === 'webp')).toBe(true);
    expectNoMetadata(files);
    // The upload record counts the bytes kept on disk, not those sent.
    const record = await cms.strapi.db.query(RECORD).findOne({ where: { name } });
    expect(record.size).toBe(fs.statSync(path.join(UPLOADS_DIR, name)).size);
  });

  it('keeps the renditions of an upload no public record shows as private as the upload itself', async () => {
    const form = new FormData();
    form.append('imageinput0', new Blob([photo], { type: 'image/jpeg' }), 'slip.jpg');
    const res = await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${student}` } });
    const [name] = ((await res.json()) as { fileName: string[] }).fileName;
    const row = (await cms.strapi.db.query(MEDIA).findOne({ where: { name } })) as MediaRow;
    await storedFiles(row);
    expect((await fetch(`${cms.url}/uploads/${name}`)).status).toBe(404);
    for (const format of Object.values(row.formats ?? {})) expect((await fetch(`${cms.url}${format.url}`)).status).toBe(404);
  });

  it('refuses a file whose bytes start as a JPEG but do not decode, without a 500', async () => {
    const broken = Buffer.concat([photo.subarray(0, 600), Buffer.alloc(400, 0x41)]);
    const form = new FormData();
    form.append('imageinput0', new Blob([broken], { type: 'image/jpeg' }), 'broken.jpg');
    const res = await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${student}` } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('FILE_TYPE_NOT_ALLOWED');
  });
});

describe('pictures stored through the Strapi media library', () => {
  it('keeps Strapi formats and the original without metadata and adds WebP renditions', async () => {
    const admin = await signInAdmin(cms);
    const form = new FormData();
    form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'from-the-admin.jpg');
    const res = await fetch(`${cms.url}/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(201);
    const [created] = (await res.json()) as { id: number }[];
    const row = (await cms.strapi.db.query(MEDIA).findOne({ where: { id: created.id } })) as MediaRow;

    const keys = Object.keys(row.formats ?? {});
    // Strapi's own formats (responsive dimensions are on) stay for the admin's thumbnails.
    expect(keys).toEqual(expect.arrayContaining(['thumbnail', 'small', 'medium', 'large', 'w320', 'w640', 'w960', 'w1280', 'w1600']));
    expect(
      Object.entries(row.formats ?? {})
        .filter(([key]) => key.startsWith('w'))
        .every(([, format]) => format.mime === 'image/webp'),
    ).toBe(true);
    expectNoMetadata(await storedFiles(row));
  });
});
