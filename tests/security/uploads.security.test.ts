/**
 * Anonymous uploads (docs/security.md, "Uploads"): a visitor's upload needs a short-lived
 * ticket from POST /public/uploads/ticket, is limited per client address (requests and bytes
 * an hour), counts against the visitors' pool, and is removed when nothing used it within a day.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyers, sharedCms } from './support/cms';
import { bearer, send, sendJson, type Answer } from './support/http';
import { CLIENT_ADDRESS_SECRET } from './support/limits';

const PER_ADDRESS = 4;
const env = {
  CLIENT_ADDRESS_SECRET,
  UPLOADS_PER_ADDRESS_PER_HOUR: String(PER_ADDRESS),
  UPLOAD_MB_PER_ADDRESS_PER_HOUR: '1',
};
const cms = sharedCms({ env });

const RECORD = 'api::storage.upload-record';
const SETTING = 'api::site-setting.site-setting';
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4IaeBFTEMLQkAiE5DgdolD9EAAAAASUVORK5CYII=', 'base64');
/** A picture of about `kb` kilobytes (a real PNG with padding behind its end). */
const picture = (kb: number) => Buffer.concat([png, Buffer.alloc(kb * 1024)]);

function multipart(file: Buffer, name = 'slip.png'): { body: Buffer; contentType: string } {
  const boundary = `----sala${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="imageinput0"; filename="${name}"\r\ncontent-type: image/png\r\n\r\n`);
  return { body: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(file: Buffer, options: { from?: string; ticket?: string; jwt?: string } = {}): Promise<Answer> {
  const { body, contentType } = multipart(file);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (options.ticket) headers['x-upload-ticket'] = options.ticket;
  if (options.jwt) Object.assign(headers, bearer(options.jwt));
  return send('POST', `${cms().url}/api/home/test_upload`, { body, headers, from: options.from });
}

async function ticket(from?: string): Promise<string> {
  const answer = await sendJson('POST', `${cms().url}/public/uploads/ticket`, { purpose: 'checkout' }, { from });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.ticket;
}

const uploadsDir = () => path.resolve(cms().strapi.dirs.static.public, 'uploads');

let quotaBefore: unknown = null;
beforeAll(async () => {
  const settings = await cms()
    .strapi.db.query(SETTING)
    .findOne({ select: ['storage_quota_mb'] });
  quotaBefore = settings?.storage_quota_mb ?? null;
});
afterAll(async () => {
  await cms()
    .strapi.db.query(SETTING)
    .updateMany({ where: {}, data: { storage_quota_mb: quotaBefore } });
});

describe('anonymous uploads', () => {
  it('(9) are refused without a ticket from the checkout, and with a forged one', async () => {
    const none = await upload(picture(1), { from: '127.0.0.60' });
    expect(none.status, none.text).toBe(401);
    expect(none.body).toEqual({ success: false, error: { code: 'UNAUTHORIZED', msg: expect.stringMatching(/[\u0E01-\u0E5B]/), requestId: expect.any(String) } });
    const forged = await upload(picture(1), { from: '127.0.0.60', ticket: 'checkout.9999999999.abcdef.0000' });
    expect(forged.status).toBe(401);
  });

  it('(9) beyond the per-address limit are refused with 429 and a Thai message; an honest buyer elsewhere still uploads the slip', async () => {
    // the shop's quota is small: an unlimited burst would leave no room for the buyer's slip
    await cms()
      .strapi.db.query(SETTING)
      .updateMany({ where: {}, data: { storage_quota_mb: 3 } });
    const attacker = '127.0.0.61';
    const pass = await ticket(attacker);
    const burst: Answer[] = [];
    for (let i = 0; i < 10; i++) burst.push(await upload(picture(600), { from: attacker, ticket: pass }));
    const buyer = '127.0.0.62';
    const slip = await upload(picture(300), { from: buyer, ticket: await ticket(buyer) });
    expect(slip.status, slip.text).toBe(200);
    expect(slip.body.fileName).toHaveLength(1);

    const statuses = burst.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(2);
    const refused = burst.filter((answer) => answer.status !== 200);
    for (const answer of refused) {
      expect(answer.status, answer.text).toBe(429);
      expect(answer.body.error).toMatchObject({ code: 'TOO_MANY_REQUESTS', msg: 'มีการเรียกใช้งานบ่อยเกินไป กรุณารอสักครู่' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    await cms()
      .strapi.db.query(SETTING)
      .updateMany({ where: {}, data: { storage_quota_mb: quotaBefore } });
  });

  it('(9) count per address in requests too: small files beyond UPLOADS_PER_ADDRESS_PER_HOUR are refused', async () => {
    const from = '127.0.0.63';
    const pass = await ticket(from);
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 2; i++) statuses.push((await upload(picture(1), { from, ticket: pass })).status);
    expect(statuses).toEqual([...Array(PER_ADDRESS).fill(200), 429, 429]);
  });

  it('(9) unattached visitor uploads older than a day are removed by the clean-up job; fresh and attached ones stay', async () => {
    const strapi = cms().strapi;
    const from = '127.0.0.64';
    const pass = await ticket(from);
    const [old, fresh] = await Promise.all([upload(picture(1), { from, ticket: pass }), upload(picture(1), { from, ticket: pass })]);
    const [buyer] = await createBuyers(strapi, 1, 'uploader');
    const own = await upload(picture(1), { jwt: buyer.jwt, from });
    for (const answer of [old, fresh, own]) expect(answer.status, answer.text).toBe(200);
    const oldName: string = old.body.fileName[0];
    const freshName: string = fresh.body.fileName[0];
    const ownName: string = own.body.fileName[0];

    const table = strapi.db.metadata.get(RECORD).tableName;
    await strapi.db
      .connection(table)
      .where('name', oldName)
      .update({ created_at: new Date(Date.now() - 25 * 3600 * 1000) });
    await strapi.db
      .connection(table)
      .where('name', ownName)
      .update({ created_at: new Date(Date.now() - 25 * 3600 * 1000) });

    const removed = await strapi.service('api::storage.storage').removeUnattachedUploads(new Date());
    expect(removed).toContain(oldName);
    expect(fs.existsSync(path.join(uploadsDir(), oldName))).toBe(false);
    expect(await strapi.db.query(RECORD).count({ where: { name: oldName } })).toBe(0);
    for (const name of [freshName, ownName]) {
      expect(fs.existsSync(path.join(uploadsDir(), name)), name).toBe(true);
      expect(await strapi.db.query(RECORD).count({ where: { name } })).toBe(1);
    }
  });
});
