import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type sharpFactory from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';
import { visitorUploadHeaders } from './helpers/upload-ticket';

const requireHere = createRequire(import.meta.url);
/** The upload plugin's own sharp, to read stored pictures back. */
const sharp = requireHere(requireHere.resolve('sharp', { paths: [path.dirname(requireHere.resolve('@strapi/upload/package.json'))] })) as typeof sharpFactory;

const UPLOADS_DIR = path.join(CMS_DIR, 'public', 'uploads');
const RECORD = 'api::storage.upload-record';
const MEDIA = 'plugin::upload.file';
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|gif|webp|mp4|m4v|mov|avi|mpg|pdf)$/;
/** Every refused payload carries this, so a file written by mistake can be found among other test runs' files. */
const MARKER = `refused-${randomBytes(8).toString('hex')}`;

/** Real 8x8 pictures, as an image library writes them. */
const jpeg = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCQAIqH/9k=',
  'base64',
);
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4IaeBFTEMLQkAiE5DgdolD9EAAAAASUVORK5CYII=', 'base64');
/** The start of an MP4: its ftyp box (brand isom) and an empty media box. */
const mp4 = Buffer.concat([box('ftyp', Buffer.concat([Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41')])), box('mdat', Buffer.alloc(16))]);
/** A one-page PDF. */
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

type Part = { name: string; data: Buffer | string; field?: string; type?: string };
type Body = { success: boolean; fileName?: string[]; free?: number; data?: { name: string; url: string }[]; error?: { code: string; msg: string } };

let cms: TestStrapi;
let tokens: { alice: string; bob: string; admin: string };

async function upload(parts: Part[], token?: string, query = ''): Promise<{ status: number; body: Body }> {
  const form = new FormData();
  parts.forEach((part, index) => {
    form.append(part.field ?? `imageinput${index}`, new Blob([part.data], { type: part.type ?? 'application/octet-stream' }), part.name);
  });
  const res = await fetch(`${cms.url}/api/home/test_upload${query}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : await visitorUploadHeaders(cms.url),
  });
  return { status: res.status, body: (await res.json()) as Body };
}

async function get(pathname: string, token?: string): Promise<{ status: number; body: Body }> {
  const res = await fetch(`${cms.url}${pathname}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as Body };
}

const withMarker = (data: Buffer | string) => Buffer.concat([Buffer.from(data), Buffer.from(`\n${MARKER}\n`)]);

async function createAccount(username: string, roleType: string): Promise<string> {
  const strapi = cms.strapi;
  let role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: roleType } });
  role ??= await strapi.db.query('plugin::users-permissions.role').create({ data: { type: roleType, name: roleType } });
  const user = await strapi.db.query('plugin::users-permissions.user').create({
    data: { username, email: `${username}@example.com`, provider: 'local', confirmed: true, blocked: false, role: role.id },
  });
  return strapi.plugin('users-permissions').service('jwt').issue({ id: user.id });
}

beforeAll(async () => {
  cms = await startStrapi({ seed: false });
  tokens = {
    alice: await createAccount('upload.alice', 'authenticated'),
    bob: await createAccount('upload.bob', 'authenticated'),
    admin: await createAccount('upload.admin', 'shop_admin'),
  };
});

afterAll(async () => {
  if (cms) {
    const rows = (await cms.strapi.db.query(RECORD).findMany({ select: ['name'] })) as { name: string }[];
    for (const { name } of rows) fs.rmSync(path.join(UPLOADS_DIR, name), { force: true });
  }
  await cms?.stop();
});

describe('refused uploads', () => {
  const svgWithScript = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>';
  const html = '<!doctype html><html><body><script>alert(1)</script></body></html>';

  it.each([
    ['a PHP script', { name: 'shell.php', data: withMarker('<?php system($_GET["c"]); ?>') }, 400, 'FILE_TYPE_NOT_ALLOWED'],
    ['a PHP script behind an image extension', { name: 'photo.jpg.php', data: withMarker(jpeg) }, 400, 'FILE_TYPE_NOT_ALLOWED'],
    ['a denied extension inside the name', { name: 'photo.php.jpg', data: withMarker(jpeg) }, 400, 'FILE_TYPE_NOT_ALLOWED'],
    ['an HTML page renamed .png', { name: 'page.png', data: withMarker(html), type: 'image/png' }, 400, 'FILE_TYPE_NOT_ALLOWED'],
    ['an SVG with a script', { name: 'logo.svg', data: withMarker(svgWithScript), type: 'image/svg+xml' }, 400, 'FILE_TYPE_NOT_ALLOWED'],
    ['an SVG with a script renamed .png', { name: 'logo.png', data: withMarker(svgWithScript), type: 'image/png' }, 400, 'FILE_TYPE_NOT_ALLOWED'],
    ['bytes that are no image at all', { name: 'photo.jpg', data: withMarker(randomBytes(2048)) }, 400, 'FILE_TYPE_NOT_ALLOWED'],
    ['a PNG that claims to be a JPEG', { name: 'photo.jpg', data: withMarker(png) }, 400, 'FILE_TYPE_NOT_ALLOWED'],
    ['a name that climbs out of the folder', { name: '../../etc/passwd.png', data: withMarker(png) }, 400, 'FILE_TYPE_NOT_ALLOWED'],
    ['an empty file', { name: 'empty.png', data: '' }, 400, 'FILE_TYPE_NOT_ALLOWED'],
  ] as const)('refuses %s and writes nothing', async (_label, part, status, code) => {
    const before = new Set(fs.readdirSync(UPLOADS_DIR));
    const records = await cms.strapi.db.query(RECORD).count();
    const media = await cms.strapi.db.query(MEDIA).count();

    const res = await upload([part as Part], tokens.alice);

    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, error: { code } });
    expect(res.body.error!.msg).toBe('ไม่อนุญาตให้อัพโหลดไฟล์ประเภทนี้');
    expect(await cms.strapi.db.query(RECORD).count()).toBe(records);
    expect(await cms.strapi.db.query(MEDIA).count()).toBe(media);
    const added = fs.readdirSync(UPLOADS_DIR).filter((name) => !before.has(name));
    for (const name of added) expect(fs.readFileSync(path.join(UPLOADS_DIR, name)).includes(MARKER), name).toBe(false);
    expect(fs.existsSync(path.join(CMS_DIR, 'public', 'etc'))).toBe(false);
  });

  it('answers the English wording of the spec when asked', async () => {
    const res = await upload([{ name: 'shell.php', data: withMarker('<?php ?>') }], undefined, '?lang=en');
    expect(res.body.error).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', msg: 'File type is not allow to upload.' });
  });

  it('refuses a 50 MB file as too large and writes nothing', async () => {
    const before = new Set(fs.readdirSync(UPLOADS_DIR));
    const records = await cms.strapi.db.query(RECORD).count();
    const big = Buffer.alloc(50 * 1024 * 1024, 0);
    png.copy(big);
    Buffer.from(MARKER).copy(big, png.length);

    const res = await upload([{ name: 'huge.png', data: big, type: 'image/png' }], tokens.alice);

    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, error: { code: 'FILE_TOO_LARGE' } });
    expect(await cms.strapi.db.query(RECORD).count()).toBe(records);
    const added = fs.readdirSync(UPLOADS_DIR).filter((name) => !before.has(name));
    for (const name of added) expect(fs.readFileSync(path.join(UPLOADS_DIR, name)).includes(MARKER), name).toBe(false);
  });

  it('refuses the whole request when one of its files is refused', async () => {
    const records = await cms.strapi.db.query(RECORD).count();
    const res = await upload([
      { name: 'good.png', data: png },
      { name: 'bad.png', data: withMarker('<html></html>') },
    ]);
    expect(res.status).toBe(400);
    expect(await cms.strapi.db.query(RECORD).count()).toBe(records);
  });

  it('refuses a file field other than imageinput0..n', async () => {
    const res = await upload([{ name: 'good.png', data: png, field: 'avatar' }]);
    expect(res.status).toBe(400);
    expect(res.body.error!.code).toBe('INPUT_ERROR');
  });

  it('refuses a request without a file', async () => {
    const res = await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: new FormData(), headers: await visitorUploadHeaders(cms.url) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Body).error!.code).toBe('INPUT_ERROR');
  });

  it('answers 401 PERMISSION_DENIED for an expired or forged token instead of storing the file anonymously', async () => {
    const res = await upload([{ name: 'good.png', data: png }], 'not-a-token');
    expect(res.status).toBe(401);
    expect(res.body.error!.code).toBe('PERMISSION_DENIED');
  });
});

describe('accepted uploads', () => {
  it('stores a real JPEG and PNG under new names and serves them privately with nosniff', async () => {
    const res = await upload([
      { name: 'สลิปโอนเงิน.JPG', data: jpeg, type: 'image/jpeg' },
      { name: 'qr code.png', data: png, type: 'image/png' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const [jpgName, pngName] = res.body.fileName!;
    expect(jpgName).toMatch(STORED_NAME);
    expect(jpgName.endsWith('.jpg')).toBe(true);
    expect(pngName.endsWith('.png')).toBe(true);

    for (const [name, bytes, type] of [
      [jpgName, jpeg, 'image/jpeg'],
      [pngName, png, 'image/png'],
    ] as const) {
      // a visitor's upload: only a shop admin reads it, and not from the public folder
      expect((await fetch(`${cms.url}/uploads/${name}`)).status).toBe(404);
      const served = await fetch(`${cms.url}/private/files/${name}`, { headers: { authorization: `Bearer ${tokens.admin}` } });
      expect(served.status).toBe(200);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('content-disposition')).toBeNull();
      // the shop keeps its own encoding of a picture (ADR 193): the same kind and size, not the same bytes
      const kept = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      const sent = await sharp(bytes).metadata();
      expect([kept.format, kept.width, kept.height]).toEqual([sent.format, sent.width, sent.height]);
    }
  });

  it('accepts a video and a PDF certificate by their content', async () => {
    const res = await upload([
      { name: 'lesson.mp4', data: mp4, type: 'video/mp4' },
      { name: 'certificate.pdf', data: pdf, type: 'application/pdf' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.fileName![0]).toMatch(/\.(mp4|m4v|mov)$/);
    expect(res.body.fileName![1]).toMatch(/\.pdf$/);
  });

  it('records the size, type and owner of each upload', async () => {
    const res = await upload([{ name: 'slip.png', data: png }], tokens.alice);
    const [name] = res.body.fileName!;
    const row = await cms.strapi.db.query(RECORD).findOne({ where: { name }, populate: { owner: { select: ['username'] } } });
    expect(row).toMatchObject({ name, mime: 'image/png', kind: 'image', size: png.length, owner: { username: 'upload.alice' } });
  });

  it('lists a student only their own uploads', async () => {
    const alice = (await upload([{ name: 'alice.png', data: png }], tokens.alice)).body.fileName![0];
    const bob = (await upload([{ name: 'bob.png', data: png }], tokens.bob)).body.fileName![0];

    const aliceList = await get('/private/uploads?pageSize=100', tokens.alice);
    const bobList = await get('/private/uploads?pageSize=100', tokens.bob);

    expect(aliceList.status).toBe(200);
    expect(aliceList.body.data!.map((f) => f.name)).toContain(alice);
    expect(aliceList.body.data!.map((f) => f.name)).not.toContain(bob);
    expect(bobList.body.data!.map((f) => f.name)).toEqual([bob]);
    expect(bobList.body.data![0].url).toBe(`/private/files/${bob}`);
    expect((await get('/private/uploads')).status).toBe(401);
  });
});

describe('serving the uploads folder', () => {
  it.each([
    ['an HTML page', 'html', '<script>alert(1)</script>'],
    ['an SVG', 'svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['a script', 'js', 'alert(1)'],
  ])('never serves %s inline, whoever put it there', async (_label, ext, content) => {
    const name = `placed-${randomBytes(6).toString('hex')}.${ext}`;
    fs.writeFileSync(path.join(UPLOADS_DIR, name), content);
    try {
      const res = await fetch(`${cms.url}/uploads/${name}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toBe('attachment');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
    } finally {
      fs.rmSync(path.join(UPLOADS_DIR, name), { force: true });
    }
  });
});

describe('the storage check', () => {
  it('tells a shop admin the real free space in gigabytes', async () => {
    const res = await get('/api/storage/details', tokens.admin);
    expect(res.status).toBe(200);
    const stats = fs.statfsSync(UPLOADS_DIR);
    const expected = (stats.bavail * stats.bsize) / 1073741824;
    expect(res.body.success).toBe(true);
    expect(res.body.free).toBeLessThanOrEqual(expected);
    expect(res.body.free).toBeGreaterThan(expected - 0.5);
  });

  it('keeps the storage status from students and visitors', async () => {
    expect((await get('/api/storage/details', tokens.alice)).status).toBe(403);
    expect((await get('/api/storage/details')).status).toBe(401);
  });

  it('refuses a file larger than the free space with OUT_OF_STORAGE and writes nothing', async () => {
    const records = await cms.strapi.db.query(RECORD).count();
    process.env.STORAGE_FREE_BYTES_OVERRIDE = String(png.length - 1);
    try {
      const thai = await upload([{ name: 'slip.png', data: png }], tokens.alice);
      expect(thai.status).toBe(507);
      expect(thai.body).toMatchObject({ success: false, error: { code: 'OUT_OF_STORAGE', msg: 'พื้นที่จัดเก็บไม่เพียงพอ' } });
      const english = await upload([{ name: 'slip.png', data: png }], tokens.alice, '?lang=en');
      expect(english.body.error!.msg).toBe('Out off Storage');
      expect((await get('/api/storage/details', tokens.admin)).body.free).toBe(0);
    } finally {
      delete process.env.STORAGE_FREE_BYTES_OVERRIDE;
    }
    expect(await cms.strapi.db.query(RECORD).count()).toBe(records);
  });
});
