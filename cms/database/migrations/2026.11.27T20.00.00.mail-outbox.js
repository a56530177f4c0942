'use strict';

/**
 * The mail outbox (docs/decisions/199-mail-through-an-outbox.md): every mail is a row here,
 * written in the transaction of the change that causes it, and sent by a worker in each CMS
 * instance that claims the row with a lease. Not a content type: it is not content and must
 * not show in the admin; Strapi's schema sync leaves a table it does not know alone.
 * Times are milliseconds since the epoch (bigint), the same on SQLite and PostgreSQL.
 */
const TABLE = 'sala_mail_outbox';

async function up(knex, db) {
  const schema = () => db.getSchemaConnection(knex);
  if (await schema().hasTable(TABLE)) return;
  await schema().createTable(TABLE, (t) => {
    t.increments('id');
    t.string('message_id', 255).notNullable().unique();
    t.string('kind', 64).notNullable();
    t.string('recipient', 320).notNullable();
    t.text('subject').notNullable();
    // the message as JSON: text, html, reply-to, attachments (base64) or references to stored documents
    t.text('payload', 'longtext').notNullable();
    t.string('state', 16).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.bigInteger('next_attempt_at').notNullable();
    t.bigInteger('lease_until');
    t.string('lease_owner', 64);
    t.text('last_error');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('sent_at');
    t.index(['state', 'next_attempt_at'], 'sala_mail_outbox_due');
  });
}

async function down() {}

module.exports = { up, down };
