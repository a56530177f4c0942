'use strict';

/**
 * Orders and the site setting gain `vat_mode` (docs/decisions/182-vat-included-or-added.md).
 * Strapi's schema sync adds a new column without a database default, so every existing row
 * would read NULL. Strapi runs this folder BEFORE the sync: on a database that already has
 * the tables, the column is added here and every existing row is set to 'included', the only
 * mode there was; the sync then finds the column in place (a string column, as it would make
 * it). A fresh database has no tables yet: the sync creates them and new rows take the
 * content model's default.
 */
const TABLES = ['orders', 'site_settings'];
const COLUMN = 'vat_mode';

async function up(knex, db) {
  const schemaName = db.getSchemaName();
  // a fresh schema builder per question: a knex schema builder runs every statement queued on it
  const schema = () => db.getSchemaConnection(knex);
  for (const table of TABLES) {
    if (!(await schema().hasTable(table))) continue;
    const qualified = schemaName ? `${schemaName}.${table}` : table;
    if (!(await schema().hasColumn(table, COLUMN))) {
      await schema().alterTable(table, (t) => {
        t.string(COLUMN);
      });
    }
    await knex.raw('UPDATE ?? SET ?? = ? WHERE ?? IS NULL', [qualified, COLUMN, 'included', COLUMN]);
  }
}

async function down() {}

module.exports = { up, down };
