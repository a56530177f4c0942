import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

async function withAdminClient<T>(url: string, run: (client: any) => Promise<T>): Promise<T> {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database next to the one in `url` and returns its URL: empty, or a copy of
 * `template`, which nobody may be connected to (copies of one template may be made at once).
 */
export async function createDatabase(url: string, name: string, template?: string): Promise<string> {
  await withAdminClient(url, (c) => c.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await withAdminClient(url, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
