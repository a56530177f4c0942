/**
 * The run's seeded database (ADR 206): the API tests' global setup boots the CMS once on a new
 * database, lets the bootstrap seed the demo data, stops it and keeps that database. A seeded
 * `startStrapi()` then starts on a copy of its own instead of seeding again: the SQLite file
 * copied, or `CREATE DATABASE … TEMPLATE` on PostgreSQL. The pictures and files the seed
 * uploads keep their fixed names in public/uploads, so the copies' rows point at them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase } from './postgres';

/** The environment variable that names the template to the test workers: JSON `{ client, name }`. */
export const SEED_TEMPLATE_VARIABLE = 'SALA_TEST_SEED_TEMPLATE';

export type SeedTemplate = { client: 'sqlite' | 'postgres'; name: string };

const CMS_DIR = path.resolve(__dirname, '..', '..');
const ROOT = path.resolve(CMS_DIR, '..');

/** The template named by `value` (SEED_TEMPLATE_VARIABLE), or null when there is none. */
export function seedTemplate(value: string | undefined): SeedTemplate | null {
  if (!value) return null;
  const parsed = JSON.parse(value) as SeedTemplate;
  return parsed.client === 'sqlite' || parsed.client === 'postgres' ? parsed : null;
}

/**
 * Seeds the template in a process of its own (a booted Strapi leaves listeners and modules
 * behind, which the test runner's process must not keep), on the compiled CMS in SALA_TEST_DIST
 * and on the database TEST_DATABASE_URL names, else SQLite. Returns it and its removal.
 */
export function makeSeedTemplate(): { template: SeedTemplate; remove: () => Promise<void> } {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-seed-template-'));
  const result = path.join(out, 'template.json');
  try {
    execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'seed-template-boot.ts'), result], { cwd: ROOT, env: process.env, stdio: ['ignore', 'ignore', 'inherit'] });
    const template = seedTemplate(fs.readFileSync(result, 'utf8'));
    if (!template) throw new Error('the seed template boot named no database');
    return { template, remove: () => removeSeedTemplate(template) };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

async function removeSeedTemplate(template: SeedTemplate): Promise<void> {
  if (template.client === 'postgres') {
    await dropDatabase(process.env.TEST_DATABASE_URL!, template.name);
  } else {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.join(CMS_DIR, template.name + suffix), { force: true });
  }
}
