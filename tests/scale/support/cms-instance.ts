/**
 * A CMS in a child process of its own, on the database and Redis the file's in-process CMS
 * was booted with (its DATABASE_URL and the rest of process.env are inherited), as
 * `cms/scripts/serve.mjs --no-compile` would start it on this run's compiled CMS. What it
 * prints is kept for output(); it logs at info, so the scheduled jobs' runs show.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { CMS_DIR } from '../../../cms/tests/helpers/strapi';
import { freePort } from '../../../cms/tests/helpers/ports';
import { sleep } from '../../reliability/support/http';

const LAUNCH = `
  const path = require('node:path');
  const { createStrapi } = require('@strapi/strapi');
  const appDir = process.cwd();
  const distDir = process.env.SALA_TEST_DIST || path.join(appDir, 'dist');
  createStrapi({ appDir, distDir, autoReload: false, serveAdminPanel: false }).start();
`;

export type CmsInstance = {
  name: string;
  url: string;
  /** The child's process id (the outbox names its leases after it). */
  pid: number;
  output: () => string;
  /** `kill -9`: the process ends at once, mid-whatever it was doing. */
  kill: () => Promise<void>;
  stop: () => Promise<void>;
};

export async function startCmsInstance(name: string, env: Record<string, string> = {}): Promise<CmsInstance> {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['-e', LAUNCH], {
    cwd: CMS_DIR,
    env: { ...process.env, PORT: String(port), REALTIME_PORT: '0', SEED_DEMO: 'false', LOG_LEVEL: 'info', STRAPI_STARTUP_LOG: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`CMS ${name} exited with ${child.exitCode ?? child.signalCode}:\n${output.slice(-5000)}`);
    try {
      if ((await fetch(`${url}/_health`, { signal: AbortSignal.timeout(2000) })).status === 204) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`CMS ${name} did not answer within 300 s:\n${output.slice(-5000)}`);
    }
    await sleep(250);
  }
  return {
    name,
    url,
    pid: child.pid!,
    output: () => output,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
