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
 * `template` (a database nobody is connected to).
 */
export async function createDatabase(url: string, name: string, template?: string): Promise<string> {
  const sql = template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`;
  await withAdminClient(url, async (c) => {
    // Two copies of one template may start at the same moment; PostgreSQL refuses the second
    // while the first is being made ("being accessed by other users", 55006) after waiting 5 s.
    for (let attempt = 1; ; attempt++) {
      try {
        return await c.query(sql);
      } catch (error) {
        if (!template || (error as { code?: string }).code !== '55006' || attempt >= 5) throw error;
      }
    }
  });
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await withAdminClient(url, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
