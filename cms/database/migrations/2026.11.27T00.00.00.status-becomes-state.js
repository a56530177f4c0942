'use strict';

/**
 * The `status` attribute of orders, payment reports and payment attempts is now `state`
 * (docs/decisions/167-order-state-attribute.md): Strapi 5 reads an attribute named `status`
 * as the document's draft/published status, so the admin showed every order as "Published".
 *
 * Strapi runs the files of this folder inside one transaction BEFORE it syncs the schema
 * (@strapi/database: schema.sync() runs db.migrations.up(), then syncSchema()). Left to the
 * sync alone, the renamed attribute would be a new empty `state` column and the old `status`
 * column, tracked in the stored schema, would be dropped in the same ALTER TABLE: every
 * order would lose its state. Renaming the column here first makes the sync see `state`
 * already there (same type) and no `status` left to drop.
 *
 * A fresh database has no tables yet when this runs (the sync creates them afterwards):
 * nothing to do. A table that already has both columns (a `state` column added by hand)
 * gets the old values copied over, then loses `status`.
 */
const TABLES = ['orders', 'payment_reports', 'payment_attempts'];
const FROM = 'status';
const TO = 'state';

async function up(knex, db) {
  const schemaName = db.getSchemaName();
  // a fresh schema builder per question: a knex schema builder runs every statement queued on it
  const schema = () => db.getSchemaConnection(knex);
  for (const table of TABLES) {
    if (!(await schema().hasTable(table))) continue;
    if (!(await schema().hasColumn(table, FROM))) continue;
    const qualified = schemaName ? `${schemaName}.${table}` : table;
    if (await schema().hasColumn(table, TO)) {
      await knex.raw('UPDATE ?? SET ?? = ?? WHERE ?? IS NOT NULL', [qualified, TO, FROM, FROM]);
      await knex.raw('ALTER TABLE ?? DROP COLUMN ??', [qualified, FROM]);
    } else {
      // Both SQLite (3.25+) and PostgreSQL rename in place: values, defaults and indexes stay.
      await knex.raw('ALTER TABLE ?? RENAME COLUMN ?? TO ??', [qualified, FROM, TO]);
    }
  }
}

async function down() {
  throw new Error('The state columns are not renamed back: restore the backup taken before the upgrade.');
}

module.exports = { up, down };
