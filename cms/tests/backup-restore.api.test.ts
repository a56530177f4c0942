/**
 * scripts/backup.mjs: a backup of a seeded shop, taken while its CMS runs, restored into an
 * empty database and uploads folder, boots a CMS that answers the same course page and the same
 * order list. SQLite always; PostgreSQL (pg_dump / pg_restore) when TEST_DATABASE_URL is set.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer, jsonCaller, type Buyer } from './helpers/api';
import { createDatabase } from './helpers/postgres';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';

const ROOT = path.resolve(CMS_DIR, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-backup-'));
const uploadsBefore = path.join(work, 'uploads-before');
const uploadsAfter = path.join(work, 'uploads-after');
const folder = path.join(work, 'backup');

let original: TestStrapi | undefined;
let restored: TestStrapi | undefined;
let buyer: Buyer;
let coursePath: string;
let restoredDatabase: TestStrapi['database'];
const before: Record<string, unknown> = {};

function script(command: 'backup' | 'restore', database: TestStrapi['database']) {
  const env: Record<string, string | undefined> = { ...process.env, UPLOADS_DIR: command === 'backup' ? uploadsBefore : uploadsAfter };
  if (database.client === 'postgres') {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database.name}`;
    env.DATABASE_URL = url.toString();
  } else {
    delete env.DATABASE_URL;
    env.DATABASE_FILENAME = database.name;
  }
  return spawnSync(process.execPath, ['scripts/backup.mjs', command, folder], { cwd: ROOT, env, encoding: 'utf8' });
}

async function answers(cms: TestStrapi) {
  const call = jsonCaller(() => cms);
  const course = await call('GET', coursePath);
  const orders = await call('GET', '/private/orders', buyer);
  expect(course.status).toBe(200);
  expect(orders.status).toBe(200);
  return { course: course.body, orders: orders.body };
}

beforeAll(async () => {
  original = await startStrapi();
  const db = (uid: string) => original!.strapi.db.query(uid);
  const course = await db('api::course.course').create({ data: { title: 'คอร์สสำรองข้อมูล', slug: 'backup-course', course_type: 'Online', is_published: true } });
  const plan = await db('api::pricing-plan.pricing-plan').create({
    data: { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price: 250000, course: course.id },
  });
  coursePath = `/public/courses/${course.id}-backup-course/0`;
  buyer = await createBuyer(original, 'backup.buyer', { firstname: 'สมศรี', lastname: 'สำรอง' });
  const call = jsonCaller(() => original!);
  const placed = await call('POST', '/private/cart/order', buyer, { user_id: buyer.id, course_id: [course.id], pricingplan_id: [plan.id], payment_method_id: 1, price: 0 });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  Object.assign(before, await answers(original));
  fs.mkdirSync(path.join(uploadsBefore, 'private'), { recursive: true });
  fs.writeFileSync(path.join(uploadsBefore, 'cover_backup.jpg'), 'picture bytes');
  fs.writeFileSync(path.join(uploadsBefore, 'private', 'slip_backup.jpg'), 'slip bytes');
}, 300_000);

afterAll(async () => {
  await restored?.stop();
  await original?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('backs up the running shop, restores into an empty database, and the restored CMS answers the same', async () => {
    const backedUp = script('backup', original!.database);
    expect(backedUp.status, backedUp.stderr).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ client: original!.database.client, files: 2 });

    // a second backup into the same folder, or a restore over a shop, is refused
    expect(script('backup', original!.database).status).toBe(1);
    expect(script('restore', original!.database).stderr).toMatch(/not empty|exists/);

    if (original!.database.client === 'postgres') {
      const name = `sala_restored_${randomBytes(4).toString('hex')}`;
      await createDatabase(process.env.TEST_DATABASE_URL!, name);
      restoredDatabase = { client: 'postgres', name };
    } else {
      restoredDatabase = { client: 'sqlite', name: `.tmp/restored-${randomBytes(4).toString('hex')}.db` };
    }
    const restoring = script('restore', restoredDatabase);
    expect(restoring.status, restoring.stderr).toBe(0);
    expect(fs.readFileSync(path.join(uploadsAfter, 'cover_backup.jpg'), 'utf8')).toBe('picture bytes');
    expect(fs.readFileSync(path.join(uploadsAfter, 'private', 'slip_backup.jpg'), 'utf8')).toBe('slip bytes');

    await original!.stop();
    original = undefined;
    restored = await startStrapi({ seed: false, database: restoredDatabase });
    const after = await answers(restored);
    expect(after).toEqual(before);
    expect((after.orders as { data: unknown[] }).data).toHaveLength(1);
  }, 300_000);
});
