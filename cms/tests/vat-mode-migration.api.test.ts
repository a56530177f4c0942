/**
 * An upgrade from before the VAT mode (docs/decisions/182-vat-included-or-added.md): orders and
 * the site setting had no `vat_mode` column. Strapi's schema sync would add it empty; the
 * migration adds it first and fills `included`, the only mode there was, so the stored rows,
 * the order detail and the pricing switches keep saying "VAT included". Runs on SQLite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const ORDER = 'api::order.order';
const SETTING = 'api::site-setting.site-setting';
const USER = 'plugin::users-permissions.user';
const TABLES = ['orders', 'site_settings'];
const MIGRATION = '2026.11.27T14.00.00.vat-mode-defaults-to-included.js';

let cms: TestStrapi | undefined;
let buyerId = 0;
let orderId = 0;
const hadColumn: Record<string, boolean> = {};

/** Turns this database back into the layout the code before the VAT mode made and left. */
async function makeOldLayout(strapi: any): Promise<void> {
  const knex = strapi.db.connection;
  for (const table of TABLES) await knex.schema.alterTable(table, (t: any) => t.dropColumn('vat_mode'));
  const stored = await strapi.db.schema.schemaStorage.read();
  for (const table of stored.schema.tables) {
    if (TABLES.includes(table.name)) table.columns = table.columns.filter((c: { name: string }) => c.name !== 'vat_mode');
  }
  await strapi.db.schema.schemaStorage.add(stored.schema);
  await knex('strapi_migrations').where({ name: MIGRATION }).delete();
}

beforeAll(async () => {
  const old = await startStrapi({ seed: false });
  cms = old;
  const q = (uid: string) => old.strapi.db.query(uid);
  buyerId = (await q(USER).create({ data: { username: 'vat.upgrade', email: 'vat.upgrade@example.com', provider: 'local', confirmed: true } })).id;
  orderId = (
    await q(ORDER).create({
      data: { order_token: 'vat-upgrade-0123456789', state: 'notYetReceived', user: buyerId, currency_code: 'THB', price: 107_000, vat: 7_000, net: 107_000, pricing: { vat_basis_points: 700 } },
    })
  ).id;
  if (!(await q(SETTING).findOne({ select: ['id'] }))) await q(SETTING).create({ data: { is_enable_vat: true, vat_value: 700 } });
  await makeOldLayout(old.strapi);
  for (const table of TABLES) hadColumn[table] = await old.strapi.db.getSchemaConnection().hasColumn(table, 'vat_mode');
  const database = old.database;
  await old.stop({ keepDatabase: true });
  cms = undefined;
  cms = await startStrapi({ seed: false, database });
}, 300_000);

afterAll(async () => {
  await cms?.stop();
});

describe('upgrading a database from before the VAT mode', () => {
  it('starts from the old layout: no vat_mode column', () => {
    expect(hadColumn).toEqual({ orders: false, site_settings: false });
  });

  it('fills included into the stored order and the site setting', async () => {
    const q = (uid: string) => cms!.strapi.db.query(uid);
    expect(await q(ORDER).findOne({ where: { id: orderId }, select: ['vat_mode'] })).toEqual({ vat_mode: 'included' });
    expect(await q(SETTING).findOne({ select: ['vat_mode'] })).toMatchObject({ vat_mode: 'included' });
  });

  it('keeps the order reading as VAT included: 1,000.00 before VAT and 70.00 VAT in 1,070.00', async () => {
    const detail = await cms!.strapi.service('api::checkout.order').findOwnOrder(buyerId, orderId);
    expect(detail).toMatchObject({ vat_mode: 'included', vat_basis_points: 700, before_vat: 1000, vat: 70, net: 1070 });
  });
});
