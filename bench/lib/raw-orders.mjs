/**
 * The ceiling of order creation: the order transaction with nothing around it, straight
 * on the driver. One transaction takes a seat with a conditional UPDATE, then inserts
 * the order and its line; a full course rolls it back.
 *
 *   sqlite: better-sqlite3 on a scratch file with the CMS's pragmas (WAL, synchronous=NORMAL,
 *           busy_timeout), one connection, as the CMS has.
 *   postgres: pg with RAW_CONNECTIONS (default 10, the CMS's pool size) connections in a
 *           scratch database created next to RAW_PG_URL and dropped at the end; the seat
 *           UPDATE ... RETURNING decides.
 *
 * Runs for RAW_SECONDS (default 3) or RAW_MAX transactions, then prints one JSON line:
 * { transactions, seconds, perSecond }.
 *   RAW_ENGINE=sqlite|postgres node bench/lib/raw-orders.mjs
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const cmsDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'cms');
const require = createRequire(path.join(cmsDir, 'package.json'));
const seconds = Number(process.env.RAW_SECONDS || 3);
const max = Number(process.env.RAW_MAX || 1_000_000);
const token = () => randomBytes(24).toString('base64url');

/** The tables the order transaction touches, with the columns that matter; `id` is the engine's auto-increment key. */
const schema = (id) => [
  'create table courses (id integer primary key, seat integer, seats_taken integer not null default 0)',
  `create table orders (id ${id}, order_token varchar(64) not null unique, status varchar(32) not null, user_id integer,
     currency_code varchar(3) not null, price integer not null, discount integer not null, net integer not null, pricing text, created_at timestamp)`,
  `create table order_lines (id ${id}, order_id integer not null references orders(id), course_id integer not null,
     title varchar(255), price integer not null, discount integer not null, net integer not null)`,
  'create index order_lines_order on order_lines(order_id)',
];

function report(transactions, elapsedMs) {
  process.stdout.write(`${JSON.stringify({ transactions, seconds: elapsedMs / 1000, perSecond: transactions / (elapsedMs / 1000) })}\n`);
}

async function sqlite() {
  const Database = require('better-sqlite3');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-raw-orders-'));
  const db = new Database(path.join(dir, 'orders.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    for (const sql of schema('integer primary key')) db.exec(sql);
    db.prepare('insert into courses (id, seat, seats_taken) values (1, ?, 0)').run(max + 1);
    const claim = db.prepare('update courses set seats_taken = seats_taken + 1 where id = ? and (seat is null or seats_taken < seat)');
    const order = db.prepare(
      `insert into orders (order_token, status, user_id, currency_code, price, discount, net, pricing, created_at) values (?, 'notYetReceived', ?, 'THB', 150000, 0, 150000, ?, ?)`,
    );
    const line = db.prepare(`insert into order_lines (order_id, course_id, title, price, discount, net) values (?, 1, 'course', 150000, 0, 150000)`);
    const place = db.transaction((userId) => {
      if (claim.run(1).changes !== 1) throw new Error('NO_MORE_SEAT');
      const { lastInsertRowid } = order.run(token(), userId, JSON.stringify({ claims: { courseIds: [1], couponIds: [] } }), new Date().toISOString());
      line.run(lastInsertRowid);
    });
    const started = performance.now();
    const deadline = started + seconds * 1000;
    let done = 0;
    while (done < max && performance.now() < deadline) place(++done);
    report(done, performance.now() - started);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function postgres() {
  const { Client, Pool } = require('pg');
  const adminUrl = process.env.RAW_PG_URL;
  const name = `sala_bench_raw_${process.pid}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const connections = Number(process.env.RAW_CONNECTIONS || 10);
  const pool = new Pool({ connectionString: target.toString(), max: connections });
  // the forced drop below ends connections the pool may still be closing
  pool.on('error', () => {});
  try {
    for (const sql of schema('serial primary key')) await pool.query(sql);
    await pool.query('insert into courses (id, seat, seats_taken) values (1, $1, 0)', [max + 1]);
    const started = performance.now();
    const deadline = started + seconds * 1000;
    let done = 0;
    const worker = async () => {
      const client = await pool.connect();
      try {
        while (done < max && performance.now() < deadline) {
          await client.query('begin');
          const seat = await client.query('update courses set seats_taken = seats_taken + 1 where id = $1 and (seat is null or seats_taken < seat) returning seats_taken', [1]);
          if (seat.rowCount !== 1) {
            await client.query('rollback');
            throw new Error('NO_MORE_SEAT');
          }
          const { rows } = await client.query(
            `insert into orders (order_token, status, user_id, currency_code, price, discount, net, pricing, created_at) values ($1, 'notYetReceived', $2, 'THB', 150000, 0, 150000, $3, now()) returning id`,
            [token(), done + 1, JSON.stringify({ claims: { courseIds: [1], couponIds: [] } })],
          );
          await client.query(`insert into order_lines (order_id, course_id, title, price, discount, net) values ($1, 1, 'course', 150000, 0, 150000)`, [rows[0].id]);
          await client.query('commit');
          done += 1;
        }
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    report(done, performance.now() - started);
  } finally {
    await pool.end();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

const engine = process.env.RAW_ENGINE || 'sqlite';
await (engine === 'postgres' ? postgres() : sqlite());
