/**
 * The CMS as production starts it: `node cms/scripts/serve.mjs --no-compile` in a child
 * process with NODE_ENV=production, on the suite's compiled CMS (SALA_TEST_DIST) and a
 * database of its own (a SQLite file, or a fresh PostgreSQL database when TEST_DATABASE_URL
 * is set). `startProductionCms` resolves when the CMS answers /_health or when it exits,
 * whichever comes first, with everything it printed.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createDatabase, dropDatabase } from '../../../cms/tests/helpers/postgres';
import { freePort } from '../../../cms/tests/helpers/ports';

const root = path.resolve(__dirname, '..', '..', '..');
const cmsDir = path.join(root, 'cms');

/** Strong throwaway secrets: random, long, none of the examples. */
export function strongCmsSecrets(): Record<string, string> {
  const secret = () => randomBytes(36).toString('base64');
  return {
    APP_KEYS: [secret(), secret()].join(','),
    API_TOKEN_SALT: secret(),
    ADMIN_JWT_SECRET: secret(),
    TRANSFER_TOKEN_SALT: secret(),
    JWT_SECRET: secret(),
    ENCRYPTION_KEY: secret(),
    CLIENT_ADDRESS_SECRET: secret(),
    PREVIEW_SECRET: secret(),
  };
}

/** A database the production CMS boots on; several boots may share one. */
export type ProductionDatabase = { env: Record<string, string>; drop: () => Promise<void> };

export async function productionDatabase(): Promise<ProductionDatabase> {
  const id = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `sala_prod_${id}`;
    const url = await createDatabase(pgUrl, name);
    return { env: { DATABASE_URL: url }, drop: () => dropDatabase(pgUrl, name) };
  }
  const name = `.tmp/prod-${id}.db`;
  fs.mkdirSync(path.join(cmsDir, '.tmp'), { recursive: true });
  return {
    env: { DATABASE_FILENAME: name },
    drop: async () => {
      for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(path.join(cmsDir, name + suffix), { force: true });
    },
  };
}

export type ProductionCms = { started: true; url: string; output: () => string; stop: () => Promise<void> } | { started: false; code: number | null; output: () => string };

export async function startProductionCms(database: ProductionDatabase, env: Record<string, string>): Promise<ProductionCms> {
  const dist = process.env.SALA_TEST_DIST;
  if (!dist) throw new Error('no compiled CMS: run the suite with tests/security/vitest.config.ts');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [path.join(cmsDir, 'scripts', 'serve.mjs'), '--no-compile'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      REALTIME_PORT: '0',
      SALA_DIST_DIR: path.basename(dist),
      SERVE_ADMIN: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      STRAPI_STARTUP_LOG: 'false',
      BROWSER: 'none',
      LOG_LEVEL: 'warn',
      ...database.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 240_000;
  for (;;) {
    const code = await Promise.race([exited, new Promise<undefined>((r) => setTimeout(r, 250))]);
    if (code !== undefined) return { started: false, code, output: () => output };
    try {
      const answer = await fetch(`${url}/_health`);
      if (answer.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the CMS neither answered nor exited within 240 s:\n${output}`);
    }
  }
  return {
    started: true,
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
