/**
 * The CMS for the benchmarks: compiled once per run into a folder of its own (as the
 * API tests do, so a half-written cms/dist of someone else's build is never read), then
 * booted by bench/lib/cms-host.ts in a child process pinned to the servers' core.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BENCH_CLIENT_ADDRESS_SECRET, BENCH_DIR, ROOT, log, startChild, stopChild } from './common.mjs';

const CMS_DIR = path.join(ROOT, 'cms');

/** Builds @sala/shared and compiles the CMS into cms/dist-test-bench-<pid> (git-ignored); returns the folder and its remover. */
export async function compileCms() {
  log('building @sala/shared and compiling the CMS…');
  execFileSync('npm', ['run', 'build', '--silent', '-w', '@sala/shared'], { cwd: ROOT, stdio: 'pipe' });
  // same depth as cms/dist, so config paths such as ../../.tmp resolve the same way
  const outDir = path.join(CMS_DIR, `dist-test-bench-${process.pid}`);
  const require = createRequire(path.join(CMS_DIR, 'package.json'));
  const tsUtils = require('@strapi/typescript-utils');
  await tsUtils.compile(CMS_DIR, { configOptions: { options: { outDir, incremental: false }, ignoreDiagnostics: false } });
  const remove = () => fs.rmSync(outDir, { recursive: true, force: true });
  process.once('exit', remove);
  return { distDir: outDir, remove };
}

/** TEST_DATABASE_URL, or the PostgreSQL answering on 127.0.0.1:5432 as the postgres user; undefined when there is none. */
export async function findPostgres() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const open = await new Promise((resolve) => {
    const socket = net.connect(5432, '127.0.0.1');
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
  });
  if (!open) return undefined;
  const url = 'postgres://postgres@127.0.0.1:5432/postgres';
  const require = createRequire(path.join(CMS_DIR, 'package.json'));
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Boots a CMS host. `database: 'postgres'` needs `pgUrl` (a fresh database is created
 * next to it and dropped on stop). Resolves once it serves.
 */
export async function startCms({ distDir, database = 'sqlite', pgUrl, seed = true }) {
  const env = {
    SALA_TEST_DIST: distDir,
    TEST_DATABASE_URL: database === 'postgres' ? pgUrl : '',
    BENCH_SEED: seed ? 'true' : 'false',
    BENCH_CLIENT_ADDRESS_SECRET,
  };
  // BENCH_CMS_CPU_PROF=<folder>: the CMS host writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CMS_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CMS_CPU_PROF)] : [];
  const child = startChild(`cms-${database}`, process.execPath, [...profile, '--import', 'tsx', path.join(BENCH_DIR, 'lib', 'cms-host.ts')], { env, ipc: true, cwd: ROOT });
  let nextId = 0;
  const pending = new Map();
  const ready = new Promise((resolve, reject) => {
    child.on('message', (message) => {
      if (message.ready) return resolve(message);
      const waiter = pending.get(message.id);
      if (!waiter) return;
      pending.delete(message.id);
      message.ok ? waiter.resolve(message.result) : waiter.reject(new Error(message.error));
    });
    child.once('exit', (code, signal) => {
      const error = new Error(`the CMS host exited (${code ?? signal}):\n${child.output()}`);
      reject(error);
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    });
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
  const { url, client } = await ready.finally(() => clearTimeout(timer));

  const call = (cmd, args = {}, timeoutMs = 180_000) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      const t = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`CMS host: ${cmd} timed out`));
      }, timeoutMs);
      pending.set(id, {
        resolve: (v) => (clearTimeout(t), resolve(v)),
        reject: (e) => (clearTimeout(t), reject(e)),
      });
      child.send({ id, cmd, ...args });
    });

  return {
    url,
    client,
    child,
    call,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await call('stop', {}, 60_000);
      } catch {
        // it may exit before answering
      }
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(killer);
      await stopChild(child);
    },
  };
}
