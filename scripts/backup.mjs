#!/usr/bin/env node
/**
 * Backs up and restores the shop: its database and its uploads folder (docs/operations.md,
 * "Backup and restore").
 *
 *   node scripts/backup.mjs backup  FOLDER   writes FOLDER/manifest.json, the database and FOLDER/uploads/
 *   node scripts/backup.mjs restore FOLDER   fills an empty database and uploads folder from FOLDER
 *
 * The database is the CMS's: PostgreSQL when DATABASE_URL is set (pg_dump's custom format, restored
 * with pg_restore; both must be on the PATH), else the SQLite file DATABASE_FILENAME (relative to
 * cms/, default .tmp/data.db), copied through SQLite's online backup (better-sqlite3's `.backup()`),
 * so the CMS may keep running and writing meanwhile. The uploads folder is UPLOADS_DIR (default
 * cms/public/uploads; private files live there too). A restore refuses a database that already
 * holds tables or a SQLite file that exists: it never writes over a shop.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, log } from './lib.mjs';

const cmsRequire = createRequire(path.join(ROOT, 'cms', 'package.json'));
const CMS_DIR = path.join(ROOT, 'cms');

function target(env = process.env) {
  const uploads = path.resolve(env.UPLOADS_DIR || path.join(CMS_DIR, 'public', 'uploads'));
  const url = env.DATABASE_URL?.trim();
  if (url) return { client: 'postgres', url, uploads };
  return { client: 'sqlite', file: path.resolve(CMS_DIR, env.DATABASE_FILENAME || '.tmp/data.db'), uploads };
}

function tool(name, args) {
  const result = spawnSync(name, args, { encoding: 'utf8' });
  if (result.error?.code === 'ENOENT') throw new Error(`${name} is not installed (apt-get install postgresql-client)`);
  if (result.status !== 0) throw new Error(`${name} failed: ${result.stderr.trim()}`);
  return result.stdout;
}

/** Copies a folder's files (never following a link out of it); a missing folder is an empty one. */
function copyFolder(from, to) {
  fs.mkdirSync(to, { recursive: true });
  if (!fs.existsSync(from)) return 0;
  let count = 0;
  fs.cpSync(from, to, {
    recursive: true,
    errorOnExist: true,
    force: false,
    filter: (source) => {
      const stat = fs.lstatSync(source);
      if (stat.isFile()) count += 1;
      return stat.isFile() || stat.isDirectory();
    },
  });
  return count;
}

async function backup(folder) {
  const where = target();
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) throw new Error(`${folder} is not empty`);
  fs.mkdirSync(folder, { recursive: true });
  let database;
  if (where.client === 'sqlite') {
    if (!fs.existsSync(where.file)) throw new Error(`no SQLite database at ${where.file}`);
    const Database = cmsRequire('better-sqlite3');
    const source = new Database(where.file, { readonly: true, fileMustExist: true });
    try {
      database = 'database.sqlite';
      await source.backup(path.join(folder, database));
    } finally {
      source.close();
    }
    const copy = new Database(path.join(folder, database), { readonly: true });
    const check = copy.pragma('integrity_check', { simple: true });
    copy.close();
    if (check !== 'ok') throw new Error(`the copy fails SQLite's integrity check: ${check}`);
  } else {
    database = 'database.pgdump';
    tool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(folder, database)}`, where.url]);
  }
  const files = copyFolder(where.uploads, path.join(folder, 'uploads'));
  const manifest = { client: where.client, database, uploads: 'uploads', files, createdAt: new Date().toISOString() };
  fs.writeFileSync(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  log(`backed up the ${where.client} database and ${files} uploaded files to ${folder}`);
  return manifest;
}

async function tablesIn(url) {
  const { Client } = cmsRequire('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')");
    return rows[0].n;
  } finally {
    await client.end();
  }
}

async function restore(folder) {
  const where = target();
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
  if (manifest.client !== where.client) throw new Error(`the backup is of a ${manifest.client} database; this CMS is configured for ${where.client}`);
  if (fs.existsSync(where.uploads) && fs.readdirSync(where.uploads).some((name) => !name.startsWith('.'))) {
    throw new Error(`the uploads folder ${where.uploads} is not empty`);
  }
  const source = path.join(folder, manifest.database);
  if (where.client === 'sqlite') {
    if (fs.existsSync(where.file)) throw new Error(`${where.file} exists: restore into a new file`);
    fs.mkdirSync(path.dirname(where.file), { recursive: true });
    fs.copyFileSync(source, where.file, fs.constants.COPYFILE_EXCL);
  } else {
    if ((await tablesIn(where.url)) > 0) throw new Error('the PostgreSQL database is not empty: restore into a new one');
    tool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${where.url}`, source]);
  }
  const files = copyFolder(path.join(folder, manifest.uploads), where.uploads);
  log(`restored the ${where.client} database and ${files} uploaded files from ${folder}`);
}

const [command, folder] = process.argv.slice(2);
if (!['backup', 'restore'].includes(command) || !folder) {
  console.error('usage: node scripts/backup.mjs backup|restore FOLDER');
  process.exit(2);
}
try {
  await (command === 'backup' ? backup(path.resolve(folder)) : restore(path.resolve(folder)));
} catch (error) {
  console.error(`[sala] ${command} failed: ${error.message}`);
  process.exit(1);
}
