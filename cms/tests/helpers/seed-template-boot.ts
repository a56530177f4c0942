/**
 * Run by seed-template.ts in a process of its own: boots the CMS once on a new database with
 * the demo seed, stops it, keeps the database and writes `{ client, name }` to the file named
 * by the first argument. Nothing connects to the database afterwards, as PostgreSQL requires
 * of a template; a SQLite template is checkpointed into its one file first.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CMS_DIR, startStrapi } from './strapi';

const require = createRequire(import.meta.url);

async function main(): Promise<void> {
  const [result] = process.argv.slice(2);
  if (!result) throw new Error('usage: seed-template-boot.ts RESULT_FILE');
  const cms = await startStrapi({ seed: true, template: false });
  const { database } = cms;
  if (database.client === 'sqlite') await cms.strapi.db.connection.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  await cms.stop({ keepDatabase: true });
  if (database.client === 'sqlite') {
    const wal = path.join(CMS_DIR, `${database.name}-wal`);
    if (fs.existsSync(wal) && fs.statSync(wal).size > 0) throw new Error(`${wal} still holds pages after the checkpoint`);
  } else {
    // Nothing may connect to it by mistake while it is copied.
    const { Client } = require('pg');
    const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(`ALTER DATABASE "${database.name}" WITH ALLOW_CONNECTIONS false`);
    } finally {
      await client.end();
    }
  }
  fs.writeFileSync(result, JSON.stringify(database));
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(`[seed template] ${error.stack ?? error}\n`);
    process.exit(1);
  },
);
