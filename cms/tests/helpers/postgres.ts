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

/** Creates an empty database next to the one in `url` and returns its URL. */
export async function createDatabase(url: string, name: string): Promise<string> {
  await withAdminClient(url, (c) => c.query(`CREATE DATABASE "${name}"`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await withAdminClient(url, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
