/**
 * The storefront's production build (storefront/server.mjs, NODE_ENV=production) on a free
 * port, pointed at a test file's CMS. Call at the top level of the file, after sharedCms:
 *
 *   const cms = sharedCms();
 *   const storefront = sharedStorefront(cms, { env: { … } });   // storefront().url, storefront().logs()
 *
 * Everything the server prints (the access log, warnings) is kept for logs().
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { TEST_ENV } from '../../../cms/tests/helpers/env';
import type { CmsHandle } from './cms';
import { freePort } from '../../../cms/tests/helpers/ports';

const root = path.resolve(__dirname, '..', '..', '..');

export type TestStorefront = { url: string; port: number; logs: () => string; stop: () => Promise<void> };
export type StorefrontHandle = () => TestStorefront;

/**
 * Throwaway secrets of the suite's storefront (never the examples production refuses). The
 * visitor's address is signed with the test CMS's own CLIENT_ADDRESS_SECRET, so the CMS counts
 * limits per visitor as in production.
 */
export const STOREFRONT_TEST_SECRETS = {
  SESSION_SECRET: 'security-suite-session-secret-0123456789',
  PAGE_CACHE_SECRET: 'security-suite-page-cache-secret-0123456789',
  CLIENT_ADDRESS_SECRET: TEST_ENV.CLIENT_ADDRESS_SECRET,
  PREVIEW_SECRET: TEST_ENV.PREVIEW_SECRET,
};

/** Starts the built storefront for `cmsUrl` and resolves once it answers /healthcheck. */
export async function startStorefront(cmsUrl: string, env: Record<string, string> = {}): Promise<TestStorefront> {
  const build = process.env.SALA_SECURITY_STOREFRONT_BUILD;
  if (!build) throw new Error('no storefront build: run the suite with tests/security/vitest.config.ts');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['server.mjs', `${build}/server/index.js`], {
    cwd: path.join(root, 'storefront'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      CMS_URL: cmsUrl,
      CMS_PUBLIC_URL: cmsUrl,
      PUBLIC_URL: url,
      SALA_STOREFRONT_BUILD_DIR: build,
      ...STOREFRONT_TEST_SECRETS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 120_000;
  for (;;) {
    const code = await Promise.race([exited, new Promise<undefined>((r) => setTimeout(r, 200))]);
    if (code !== undefined) throw new Error(`the storefront exited with ${code} before it answered:\n${output}`);
    try {
      const answer = await fetch(`${url}/healthcheck`);
      if (answer.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the storefront did not answer within 120 s:\n${output}`);
    }
  }

  return {
    url,
    port,
    logs: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function sharedStorefront(cms: CmsHandle, options: { env?: Record<string, string> } = {}): StorefrontHandle {
  let storefront: TestStorefront | undefined;
  beforeAll(async () => {
    storefront = await startStorefront(cms().url, options.env);
  }, 180_000);
  afterAll(async () => {
    await storefront?.stop();
  }, 30_000);
  return () => {
    if (!storefront) throw new Error('the shared storefront is not started yet: call it inside hooks and tests');
    return storefront;
  };
}
