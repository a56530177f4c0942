/**
 * Boots a real Strapi in-process on its own throwaway database and serves it
 * over real HTTP on a free port. SQLite by default; PostgreSQL (a fresh
 * database per boot) when TEST_DATABASE_URL is set.
 *
 * A seeded start begins from a copy of the run's seeded database when the run made one
 * (SEED_TEMPLATE_VARIABLE, written by seed-template.ts from the API tests' global setup):
 * the SQLite file copied, or a PostgreSQL database created from it as a template. The copy
 * is the file's own; the boot runs the whole bootstrap on it, and the seed finds a course
 * and leaves it as it is (ADR 206).
 */
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { TEST_ENV } from './env';
import { createDatabase, dropDatabase } from './postgres';
import { SEED_TEMPLATE_VARIABLE, seedTemplate, type SeedTemplate } from './seed-template';

const require = createRequire(import.meta.url);
export const CMS_DIR = path.resolve(__dirname, '..', '..');

export type TestStrapi = {
  strapi: any;
  url: string;
  database: { client: 'sqlite' | 'postgres'; name: string };
  /** Stops the CMS; `keepDatabase` leaves its database for a second start (`StartOptions.database`). */
  stop: (options?: { keepDatabase?: boolean }) => Promise<void>;
};

export type StartOptions = {
  /** Seed the Thai demo data (default true). */
  seed?: boolean;
  env?: Record<string, string>;
  /** Start again on the database an earlier start kept (`stop({ keepDatabase: true })`). */
  database?: TestStrapi['database'];
  /**
   * A seeded start copies the run's seeded database when there is one (default true); false
   * seeds a database of its own on this boot, for a file whose subject is the first start.
   */
  template?: boolean;
};

/**
 * The run's seeded database for this start, or null: only for a seeded start on a new
 * database whose own env leaves what the seed writes as it was. The template was seeded under
 * TEST_ENV; the seed reads PAYMENT_SANDBOX_<NAME>_PORT, and NODE_ENV decides whether it runs.
 */
function templateFor(options: StartOptions, client: 'sqlite' | 'postgres'): SeedTemplate | null {
  if (options.seed === false || options.database || options.template === false) return null;
  const template = seedTemplate(process.env[SEED_TEMPLATE_VARIABLE]);
  if (!template || template.client !== client) return null;
  const env = Object.keys(options.env ?? {});
  if (env.some((key) => key === 'NODE_ENV' || key === 'SEED_DEMO' || key.startsWith('PAYMENT_SANDBOX_') || key.startsWith('DATABASE_'))) return null;
  return template;
}

export async function startStrapi(options: StartOptions = {}): Promise<TestStrapi> {
  const id = `${process.pid}-${randomBytes(4).toString('hex')}`;
  Object.assign(process.env, TEST_ENV, options.env ?? {});
  process.env.SEED_DEMO = options.seed === false ? 'false' : 'true';

  let database: TestStrapi['database'];
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (options.database) {
    database = options.database;
    if (database.client === 'postgres') {
      const url = new URL(pgUrl!);
      url.pathname = `/${database.name}`;
      process.env.DATABASE_URL = url.toString();
    } else {
      delete process.env.DATABASE_URL;
      process.env.DATABASE_FILENAME = database.name;
    }
  } else if (pgUrl) {
    const name = `sala_test_${id.replace(/-/g, '_')}`;
    process.env.DATABASE_URL = await createDatabase(pgUrl, name, templateFor(options, 'postgres')?.name);
    database = { client: 'postgres', name };
  } else {
    delete process.env.DATABASE_URL;
    const name = `.tmp/test-${id}.db`;
    fs.mkdirSync(path.join(CMS_DIR, '.tmp'), { recursive: true });
    const template = templateFor(options, 'sqlite');
    // The template was checkpointed and closed: its one file is the whole database.
    if (template) fs.copyFileSync(path.join(CMS_DIR, template.name), path.join(CMS_DIR, name));
    process.env.DATABASE_FILENAME = name;
    database = { client: 'sqlite', name };
  }

  const { createStrapi } = require('@strapi/strapi');
  const app = createStrapi({
    appDir: CMS_DIR,
    distDir: process.env.SALA_TEST_DIST || path.join(CMS_DIR, 'dist'),
    autoReload: false,
    serveAdminPanel: false,
  });
  await app.load();
  await app.server.mount();
  await new Promise<void>((resolve) => app.server.httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = app.server.httpServer.address() as AddressInfo;

  return {
    strapi: app,
    url: `http://127.0.0.1:${port}`,
    database,
    async stop({ keepDatabase = false } = {}) {
      // strapi.destroy() removes every process listener, which cuts vitest's worker channel.
      const original = process.removeAllListeners;
      process.removeAllListeners = (() => process) as typeof process.removeAllListeners;
      try {
        await app.destroy();
      } finally {
        process.removeAllListeners = original;
      }
      if (keepDatabase) return;
      if (database.client === 'postgres') {
        await dropDatabase(pgUrl!, database.name);
      } else {
        for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.join(CMS_DIR, database.name + suffix), { force: true });
      }
    },
  };
}
