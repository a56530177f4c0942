/**
 * An upgrade from the layout where orders, payment reports and payment attempts kept their
 * state in a `status` column (docs/decisions/167-order-state-attribute.md): a database
 * left that way starts on this code with every state kept, read through the shop's own
 * services. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 *
 * The old database is made the way the old code left it: the tables as they are, the
 * three columns named `status`, Strapi's stored schema naming `status` (what the schema
 * sync compares against, and drops when a tracked column leaves the model), and no record
 * of the renaming migration having run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@sala/shared/constants';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const UID = {
  order: 'api::order.order',
  report: 'api::payment-report.payment-report',
  attempt: 'api::payment-attempt.payment-attempt',
  user: 'plugin::users-permissions.user',
} as const;
const TABLES = ['orders', 'payment_reports', 'payment_attempts'];
const MIGRATION = '2026.11.27T00.00.00.status-becomes-state.js';

const ORDER_STATES: OrderStatus[] = ['notYetReceived', 'pendingApproved', 'approved', 'rejected', 'cancelled', 'expired'];
const REPORT_STATES = ['pending', 'approved', 'rejected', 'review'] as const;
const ATTEMPT_STATES = ['pending', 'approved', 'rejected', 'review', 'expired'] as const;

let cms: TestStrapi | undefined;
let database: TestStrapi['database'];
let buyerId = 0;
const orderIds = new Map<OrderStatus, number>();
const reportIds = new Map<string, number>();
const attemptIds = new Map<string, number>();
let attemptOrderId = 0;
/** The columns of the three tables on the old layout, read before the upgrade. */
const oldColumns: Record<string, { status: boolean; state: boolean }> = {};

async function columnsOf(strapi: any, table: string): Promise<{ status: boolean; state: boolean }> {
  const schema = () => strapi.db.getSchemaConnection();
  return { status: await schema().hasColumn(table, 'status'), state: await schema().hasColumn(table, 'state') };
}

/** Turns this database back into the layout the old code made and left. */
async function makeOldLayout(strapi: any): Promise<void> {
  const knex = strapi.db.connection;
  for (const table of TABLES) await knex.raw('ALTER TABLE ?? RENAME COLUMN ?? TO ??', [table, 'state', 'status']);
  const stored = await strapi.db.schema.schemaStorage.read();
  for (const table of stored.schema.tables) {
    if (!TABLES.includes(table.name)) continue;
    const column = table.columns.find((c: { name: string }) => c.name === 'state');
    column.name = 'status';
  }
  await strapi.db.schema.schemaStorage.add(stored.schema);
  await knex('strapi_migrations').where({ name: MIGRATION }).delete();
}

// two starts of the CMS, the first one creating its schema
beforeAll(async () => {
  const old = await startStrapi({ seed: false });
  cms = old;
  database = old.database;
  const q = (uid: string) => old.strapi.db.query(uid);
  const buyer = await q(UID.user).create({ data: { username: 'upgrade.buyer', email: 'upgrade.buyer@example.com', provider: 'local', confirmed: true } });
  buyerId = buyer.id;
  let n = 0;
  const order = async (state: OrderStatus) =>
    (await q(UID.order).create({ data: { order_token: `upgrade-${state}-${n++}-0123456789`, state, user: buyerId, currency_code: 'THB', price: 150_000, net: 150_000 } })).id as number;
  for (const state of ORDER_STATES) orderIds.set(state, await order(state));
  for (const state of REPORT_STATES) {
    const report = await q(UID.report).create({ data: { order: orderIds.get('pendingApproved'), user: buyerId, state, transfer_amount: 150_000, contact_name: `ผู้โอน ${state}` } });
    reportIds.set(state, report.id);
  }
  attemptOrderId = orderIds.get('notYetReceived')!;
  for (const state of ATTEMPT_STATES) {
    const attempt = await q(UID.attempt).create({
      data: { order: attemptOrderId, method_id: 9, provider: 'omise', provider_reference: `chrg_upgrade_${state}`, state, amount_expected: 150_000, currency_expected: 'THB' },
    });
    attemptIds.set(state, attempt.id);
  }

  await makeOldLayout(old.strapi);
  for (const table of TABLES) oldColumns[table] = await columnsOf(old.strapi, table);
  await old.stop({ keepDatabase: true });
  cms = undefined;

  cms = await startStrapi({ seed: false, database });
}, 300_000);

afterAll(async () => {
  await cms?.stop();
});

describe(`upgrading a database whose states are in a status column`, () => {
  it('starts from the old layout: status columns, no state columns', () => {
    for (const table of TABLES) expect(oldColumns[table], table).toEqual({ status: true, state: false });
  });

  it('renames the columns: state is there, status is gone', async () => {
    for (const table of TABLES) expect(await columnsOf(cms!.strapi, table), table).toEqual({ status: false, state: true });
  });

  it("keeps every order's state, as the buyer's order list reads it", async () => {
    const list = await cms!.strapi.service('api::checkout.order').listOwnOrders(buyerId, { page: 1, pageSize: 50 });
    const byId = new Map<number, { payment_status: OrderStatus; last_report: { status: string } | null }>(list.data.map((item: any) => [item.id, item]));
    for (const state of ORDER_STATES) expect(byId.get(orderIds.get(state)!)?.payment_status, state).toBe(state);
    // the newest report of the reported order is the last one written: review
    expect(byId.get(orderIds.get('pendingApproved')!)?.last_report?.status).toBe('review');
  });

  it("keeps every payment report's state, as the shop's review list filters them", async () => {
    const review = cms!.strapi.service('api::bank-transfer.review');
    for (const state of REPORT_STATES) {
      const { data } = await review.list({ status: state, page: 1, pageSize: 50 });
      expect(
        data.map((item: { id: number; status: string; order_status: string }) => [item.id, item.status, item.order_status]),
        state,
      ).toEqual([[reportIds.get(state), state, 'pendingApproved']]);
    }
  });

  it("keeps every payment attempt's state, as the payment calls read them", async () => {
    const { attempts } = await cms!.strapi.service('api::payment.attempts').listOwnAttempts(buyerId, attemptOrderId);
    const byId = new Map<number, string>(attempts.map((attempt: { id: number; state: string }) => [attempt.id, attempt.state]));
    for (const state of ATTEMPT_STATES) expect(byId.get(attemptIds.get(state)!), state).toBe(state);
  });

  it('runs the order rules on the kept states: an unpaid order is cancelled, an approved one is not', async () => {
    const orders = cms!.strapi.service('api::checkout.order');
    await expect(orders.cancelOwnUnpaidOrder(buyerId, orderIds.get('notYetReceived')!)).resolves.toEqual({ orderId: orderIds.get('notYetReceived'), payment_status: 'cancelled' });
    await expect(orders.cancelOwnUnpaidOrder(buyerId, orderIds.get('approved')!)).rejects.toMatchObject({ status: 409 });
  });
});
