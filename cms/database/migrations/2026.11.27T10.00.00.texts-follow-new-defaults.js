'use strict';

/**
 * Texts whose built-in default changed: the password rule's message (ADR 173) and English
 * texts that count something, which now pick one or other by the number ("1 item", "2 items"),
 * and the cart link's name, which now starts with the words the link shows.
 * A database seeded with the demo data holds every default as a row of the `text` collection,
 * and a row wins over the built-in default, so the old wording would stay. A row that still
 * holds the old default, word for word, takes the new one; a text an editor changed is left
 * as the editor wrote it.
 *
 * Runs before the schema sync (see 2026.11.27T00.00.00.status-becomes-state.js); a fresh
 * database has no `texts` table yet: nothing to do.
 */
const CHANGED = [
  ['validation_password_format', 'th', 'รหัสผ่านใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ ตัวเลข และ @ - _ .', 'รหัสผ่านมีอักขระที่ใช้ไม่ได้ เช่น การขึ้นบรรทัดใหม่หรือแท็บ'],
  ['validation_password_format', 'en', 'The password may contain English letters, digits and @ - _ . only', 'The password contains a character that cannot be used, such as a line break or a tab'],
  ['admin_home_pending', 'en', '{count} payment notifications waiting for review', '{count, plural, one {# payment notification waits} other {# payment notifications wait}} for review'],
  // the cart link's name starts with the words it shows (WCAG 2.5.3): "Cart 2 items" for "Cart 2"
  ['cart_count_label', 'en', 'Cart ({count} items)', 'Cart {count, plural, one {# item} other {# items}}'],
  ['cart_count_label', 'th', 'ตะกร้า ({count} รายการ)', 'ตะกร้า {count} รายการ'],
  [
    'mail_reset_body',
    'en',
    'We received a request to set a new password for the account {username}. Open the link below within {minutes} minutes to set it.',
    'We received a request to set a new password for the account {username}. Open the link below within {minutes, plural, one {# minute} other {# minutes}} to set it.',
  ],
  ['learn_completed_count', 'en', '{done} of {total} lectures completed', '{done} of {total, plural, one {# lecture} other {# lectures}} completed'],
  ['upload_limit_hint', 'en', 'Up to {limit} files ({count}/{limit})', 'Up to {limit, plural, one {# file} other {# files}} ({count}/{limit})'],
  ['admin_uploads_picture_count', 'en', '{count} picture(s)', '{count, plural, one {# picture} other {# pictures}}'],
  ['pagination_items', 'en', '{from}-{to} of {total} items', '{from}-{to} of {total, plural, one {# item} other {# items}}'],
  ['term_unit_year', 'en', 'year(s)', '{count, plural, one {year} other {years}}'],
  ['term_unit_month', 'en', 'month(s)', '{count, plural, one {month} other {months}}'],
  ['term_unit_day', 'en', 'day(s)', '{count, plural, one {day} other {days}}'],
  ['term_unit_hour', 'en', 'hour(s)', '{count, plural, one {hour} other {hours}}'],
  [
    'countdown_remaining',
    'en',
    '{days} days {hours} hours {minutes} minutes left',
    '{days, plural, one {# day} other {# days}} {hours, plural, one {# hour} other {# hours}} {minutes, plural, one {# minute} other {# minutes}} left',
  ],
  ['course_seats_left', 'en', '{seat} seats left', '{seat, plural, one {# seat} other {# seats}} left'],
  ['validation_max_length', 'en', '{label} must be at most {max} characters', '{label} must be at most {max, plural, one {# character} other {# characters}}'],
  ['validation_max_files', 'en', 'Upload at most {max} file(s)', 'Upload at most {max, plural, one {# file} other {# files}}'],
  ['validation_password_min', 'en', 'The password must have at least {min} characters', 'The password must have at least {min, plural, one {# character} other {# characters}}'],
  ['validation_username_min', 'en', 'The username must have at least {min} characters', 'The username must have at least {min, plural, one {# character} other {# characters}}'],
  ['curriculum_lecture_count', 'en', '{count} lectures', '{count, plural, one {# lecture} other {# lectures}}'],
];

async function up(knex, db) {
  const schemaName = db.getSchemaName();
  if (!(await db.getSchemaConnection(knex).hasTable('texts'))) return;
  const table = schemaName ? `${schemaName}.texts` : 'texts';
  for (const [key, locale, before, after] of CHANGED) {
    await knex(table).where({ key, locale, value: before }).update({ value: after });
  }
}

async function down() {
  // the old wording is not put back: it was wrong for the rules and the counts of this version
}

module.exports = { up, down, CHANGED };
