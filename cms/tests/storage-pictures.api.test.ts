import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';

const UPLOADS_DIR = path.join(CMS_DIR, 'public', 'uploads');
const RECORD = 'api::storage.upload-record';
const MEDIA = 'plugin::upload.file';
const COURSE = 'api::course.course';
const PRODUCT = 'api::product.product';
const SETTING = 'api::site-setting.site-setting';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4IaeBFTEMLQkAiE5DgdolD9EAAAAASUVORK5CYII=', 'base64');

type Item = { fileId: number; name: string; url: string; mime: string };
type Body = { success: boolean; data?: { id: number; title: string; files: Item[] } & { courses?: { id: number; count: number }[] }; fileName?: string[]; free?: number; error?: { code: string } };

let cms: TestStrapi;
let tokens: { admin: string; otherAdmin: string; student: string };

async function call(method: string, pathname: string, token?: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const res = await fetch(`${cms.url}${pathname}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Body };
}

async function upload(count: number, token: string): Promise<{ status: number; body: Body }> {
  const form = new FormData();
  for (let i = 0; i < count; i += 1) form.append(`imageinput${i}`, new Blob([png], { type: 'image/png' }), `p${i}.png`);
  const res = await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Body };
}

async function createAccount(username: string, roleType: string): Promise<string> {
  const strapi = cms.strapi;
  let role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: roleType } });
  role ??= await strapi.db.query('plugin::users-permissions.role').create({ data: { type: roleType, name: roleType } });
  const user = await strapi.db.query('plugin::users-permissions.user').create({
    data: { username, email: `${username}@example.com`, provider: 'local', confirmed: true, blocked: false, role: role.id },
  });
  return strapi.plugin('users-permissions').service('jwt').issue({ id: user.id });
}

const onDisk = (url: string) => fs.existsSync(path.join(CMS_DIR, 'public', url));

beforeAll(async () => {
  cms = await startStrapi({ seed: false });
  tokens = {
    admin: await createAccount('pictures.admin', 'shop_admin'),
    otherAdmin: await createAccount('pictures.admin2', 'shop_admin'),
    student: await createAccount('pictures.student', 'authenticated'),
  };
});

afterAll(async () => {
  if (cms) {
    const rows = (await cms.strapi.db.query(RECORD).findMany({ select: ['name'] })) as { name: string }[];
    for (const { name } of rows) fs.rmSync(path.join(UPLOADS_DIR, name), { force: true });
  }
  await cms?.stop();
});

describe('administrator picture lists', () => {
  it('only a shop administrator reads or saves them', async () => {
    const course = await cms.strapi.db.query(COURSE).create({ data: { title: 'คอร์สสิทธิ์', course_type: 'Online' } });
    expect((await call('GET', `/private/admin/pictures/course/${course.id}`)).status).toBe(401);
    expect((await call('GET', `/private/admin/pictures/course/${course.id}`, tokens.student)).status).toBe(403);
    expect((await call('PUT', `/private/admin/pictures/course/${course.id}`, tokens.student, { files: [] })).status).toBe(403);
    expect((await call('GET', '/private/admin/pictures', tokens.student)).status).toBe(403);
    expect((await call('GET', `/private/admin/pictures/course/${course.id}`, tokens.admin)).status).toBe(200);
    expect((await call('GET', `/private/admin/pictures/teacher/${course.id}`, tokens.admin)).status).toBe(400);
    expect((await call('GET', '/private/admin/pictures/course/999999', tokens.admin)).status).toBe(404);
  });

  it('saves fresh uploads in order, the first as the cover, and deletes a removed picture from the disk on save', async () => {
    const course = await cms.strapi.db.query(COURSE).create({ data: { title: 'คอร์สรูปภาพ', course_type: 'Online' } });
    const sent = await upload(3, tokens.admin);
    expect(sent.status).toBe(200);
    const [a, b, c] = sent.body.fileName!;

    const saved = await call('PUT', `/private/admin/pictures/course/${course.id}`, tokens.admin, { files: [{ name: b }, { name: a }, { name: c }], deleted: [] });
    expect(saved.status).toBe(200);
    const files = saved.body.data!.files;
    expect(files.map((file) => file.url)).toEqual([`/uploads/${b}`, `/uploads/${a}`, `/uploads/${c}`]);
    const row = await cms.strapi.db.query(COURSE).findOne({ where: { id: course.id }, populate: { picture: true, gallery: true } });
    expect(row.picture.id).toBe(files[0].fileId);
    expect(row.gallery.map((file: { id: number }) => file.id).sort()).toEqual([files[1].fileId, files[2].fileId].sort());

    const listed = await call('GET', '/private/admin/pictures', tokens.admin);
    expect(listed.body.data!.courses!.find((item) => item.id === course.id)?.count).toBe(3);

    // the cover out: the next picture becomes the cover; the removed one leaves the library and the disk
    const removed = files[0];
    const next = await call('PUT', `/private/admin/pictures/course/${course.id}`, tokens.admin, { files: [{ fileId: files[2].fileId }, { fileId: files[1].fileId }], deleted: [removed.fileId] });
    expect(next.status).toBe(200);
    expect(next.body.data!.files.map((file) => file.fileId)).toEqual([files[2].fileId, files[1].fileId]);
    expect(await cms.strapi.db.query(MEDIA).findOne({ where: { id: removed.fileId } })).toBeNull();
    expect(await cms.strapi.db.query(RECORD).findOne({ where: { name: b } })).toBeNull();
    expect(onDisk(removed.url)).toBe(false);
    expect(onDisk(files[1].url)).toBe(true);
  });

  it('detaches but keeps a deleted picture another record still uses', async () => {
    const sent = await upload(1, tokens.admin);
    const [name] = sent.body.fileName!;
    const record = await cms.strapi.db.query(RECORD).findOne({ where: { name }, populate: { file: true } });
    const fileId = record.file.id as number;
    const product = await cms.strapi.db.query(PRODUCT).create({ data: { title: 'หนังสือ', course_type: 'product', picture: fileId, social_image: fileId } });

    const res = await call('PUT', `/private/admin/pictures/product/${product.id}`, tokens.admin, { files: [], deleted: [fileId] });
    expect(res.status).toBe(200);
    expect(res.body.data!.files).toEqual([]);
    expect(await cms.strapi.db.query(MEDIA).findOne({ where: { id: fileId } })).not.toBeNull();
    expect(onDisk(`/uploads/${name}`)).toBe(true);
  });

  it.each([
    ['a media id not attached to the record', (other: number) => ({ files: [{ fileId: other }] })],
    ['a deletion of a picture not attached', (other: number) => ({ files: [], deleted: [other] })],
    ['a picture both kept and deleted', (_other: number, own: number) => ({ files: [{ fileId: own }], deleted: [own] })],
    ['a malformed entry', () => ({ files: [{ fileId: 'x' }] })],
  ])('refuses %s and changes nothing', async (_label, body) => {
    const sent = await upload(2, tokens.admin);
    const [mine, other] = sent.body.fileName!;
    const course = await cms.strapi.db.query(COURSE).create({ data: { title: 'คอร์สตรวจสอบ', course_type: 'Online' } });
    const first = await call('PUT', `/private/admin/pictures/course/${course.id}`, tokens.admin, { files: [{ name: mine }] });
    const own = first.body.data!.files[0].fileId;
    const otherRecord = await cms.strapi.db.query(RECORD).findOne({ where: { name: other }, populate: { file: true } });

    const res = await call('PUT', `/private/admin/pictures/course/${course.id}`, tokens.admin, body(otherRecord.file.id, own));
    expect(res.status).toBe(400);
    expect(res.body.error!.code).toBe('INPUT_ERROR');
    const after = await call('GET', `/private/admin/pictures/course/${course.id}`, tokens.admin);
    expect(after.body.data!.files.map((file) => file.fileId)).toEqual([own]);
  });

  it("refuses another administrator's fresh upload", async () => {
    const sent = await upload(1, tokens.otherAdmin);
    const course = await cms.strapi.db.query(COURSE).create({ data: { title: 'คอร์สของคนอื่น', course_type: 'Online' } });
    const res = await call('PUT', `/private/admin/pictures/course/${course.id}`, tokens.admin, { files: [{ name: sent.body.fileName![0] }] });
    expect(res.status).toBe(400);
  });
});

describe("the shop's storage quota", () => {
  it('leaves the quota minus what was received, and refuses an upload that does not fit', async () => {
    const save = async (value: number | null) => {
      const setting = await cms.strapi.db.query(SETTING).findOne({});
      if (setting) await cms.strapi.db.query(SETTING).update({ where: { id: setting.id }, data: { storage_quota_mb: value } });
      else await cms.strapi.db.query(SETTING).create({ data: { storage_quota_mb: value } });
    };
    try {
      await save(0);
      const details = await call('GET', '/api/storage/details', tokens.admin);
      expect(details.body.free).toBe(0);
      const refused = await upload(1, tokens.admin);
      expect(refused.status).toBe(507);
      expect(refused.body.error!.code).toBe('OUT_OF_STORAGE');

      await save(1);
      const used = (await cms.strapi.db.query(RECORD).findMany({ select: ['size'] })) as { size: number }[];
      const free = 1048576 - used.reduce((sum, row) => sum + row.size, 0);
      expect(await cms.strapi.service('api::storage.storage').freeBytes()).toBe(free);
      expect((await upload(1, tokens.admin)).status).toBe(200);
    } finally {
      await save(null);
    }
    expect((await upload(1, tokens.admin)).status).toBe(200);
  });
});
