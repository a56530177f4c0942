'use strict';

/**
 * Refused slip reuses (docs/decisions/205-refused-slip-reuse-kept-for-staff.md): a report whose
 * slip already paid another order is refused (ADR 188) and the attempt is kept here for the
 * shop's staff: the refused order and its owner, the slip's bank and reference, and the report
 * and order that first carried the slip. No money moves. Not a content type: the shop reads it
 * on the storefront's review page only, and Strapi's schema sync leaves an unknown table alone.
 * One row per order and slip: the same refusal repeated does not grow the table.
 */
const TABLE = 'sala_slip_refusals';

async function up(knex, db) {
  const schema = () => db.getSchemaConnection(knex);
  if (await schema().hasTable(TABLE)) return;
  await schema().createTable(TABLE, (t) => {
    t.increments('id');
    t.integer('order_id').notNullable();
    t.integer('user_id');
    t.string('sending_bank', 3).notNullable();
    t.string('trans_ref', 40).notNullable();
    t.integer('first_report_id');
    t.integer('first_order_id');
    t.integer('attempts').notNullable().defaultTo(1);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('last_at').notNullable();
    t.unique(['order_id', 'sending_bank', 'trans_ref'], { indexName: 'sala_slip_refusals_once' });
    t.index(['last_at'], 'sala_slip_refusals_last');
  });
}

async function down() {}

module.exports = { up, down };
