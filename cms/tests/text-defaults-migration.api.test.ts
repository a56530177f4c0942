/**
 * An upgrade of a database that was seeded with the old built-in texts: the rows that still
 * hold an old default word for word take the new default (the password rule's message, English
 * counts that agree with their number), and a text an editor changed stays as written.
 * Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS, translate, type TextKey } from '@sala/shared/texts';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';

const require = createRequire(import.meta.url);
const MIGRATION = '2026.11.27T10.00.00.texts-follow-new-defaults.js';
const { CHANGED } = require(path.join(CMS_DIR, 'database', 'migrations', MIGRATION)) as { CHANGED: [TextKey, 'th' | 'en', string, string][] };
const TEXT = 'api::text.text';
const EDITED: [TextKey, 'en', string] = ['course_seats_left', 'en', 'Only {seat} places left!'];

let cms: TestStrapi | undefined;
let rows: { key: string; locale: string; value: string }[] = [];

beforeAll(async () => {
  const old = await startStrapi({ seed: false });
  cms = old;
  const texts = old.strapi.db.query(TEXT);
  for (const [key, locale, before] of CHANGED) {
    await texts.create({ data: { key, locale, value: key === EDITED[0] && locale === EDITED[1] ? EDITED[2] : before } });
  }
  await old.strapi.db.connection('strapi_migrations').where({ name: MIGRATION }).delete();
  const database = old.database;
  await old.stop({ keepDatabase: true });
  cms = undefined;

  cms = await startStrapi({ seed: false, database });
  rows = await cms.strapi.db.query(TEXT).findMany({ select: ['key', 'locale', 'value'] });
}, 300_000);

afterAll(async () => {
  await cms?.stop();
});

describe('upgrading texts seeded with the old defaults', () => {
  it('names, for every changed text, the default this version ships', () => {
    for (const [key, locale, , after] of CHANGED) expect(after, `${key}.${locale}`).toBe(TEXTS[key][locale]);
  });

  it('gives each row that still held an old default the new one', () => {
    for (const [key, locale] of CHANGED) {
      if (key === EDITED[0] && locale === EDITED[1]) continue;
      expect(rows.find((row) => row.key === key && row.locale === locale)?.value, `${key}.${locale}`).toBe(TEXTS[key][locale]);
    }
  });

  it('keeps a text an editor changed, and the English counts now agree: 1 item, 2 items', () => {
    expect(rows.find((row) => row.key === EDITED[0] && row.locale === 'en')?.value).toBe(EDITED[2]);
    const overrides = Object.fromEntries(rows.filter((row) => row.locale === 'en').map((row) => [row.key, { en: row.value }]));
    expect(translate('cart_count_label', 'en', overrides, { count: 1 })).toBe('Cart 1 item');
    expect(translate('cart_count_label', 'en', overrides, { count: 2 })).toBe('Cart 2 items');
  });
});
