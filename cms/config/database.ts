import path from 'path';
import type { Core } from '@strapi/strapi';

type Statement = { reader: boolean };
type SqliteConnection = { pragma: (sql: string) => unknown; prepare: (sql: string) => Statement };

/** Prepared statements kept per connection; the least recently used is finalised past this many. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * knex's better-sqlite3 client prepares every query it runs (`connection.prepare(sql)`), and
 * preparing costs more than running most of the shop's statements. Strapi sends the same few
 * hundred SQL texts with different bindings, so each connection keeps its prepared statements
 * by text and hands the same one back. better-sqlite3 runs a statement synchronously to the end
 * (knex only calls `all` and `run`), so a statement is never in use when it is handed out again,
 * and SQLite prepares it again by itself after a schema change.
 */
function cachePreparedStatements(db: SqliteConnection, size = STATEMENT_CACHE_SIZE): void {
  const prepare = db.prepare.bind(db);
  const statements = new Map<string, Statement>();
  db.prepare = (sql: string) => {
    const known = statements.get(sql);
    if (known) {
      statements.delete(sql);
      statements.set(sql, known);
      return known;
    }
    const statement = prepare(sql);
    statements.set(sql, statement);
    if (statements.size > size) statements.delete(statements.keys().next().value as string);
    return statement;
  };
}

/**
 * SQLite (better-sqlite3) is the embedded default; PostgreSQL is used when
 * DATABASE_URL is set. SQLite runs in WAL mode with synchronous=NORMAL: Strapi
 * leaves it in DELETE/FULL, where every order write waits for the disk.
 */
const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Database => {
  const url = env('DATABASE_URL', '');
  if (url) {
    return {
      connection: {
        client: 'postgres',
        connection: {
          connectionString: url,
          ssl: env.bool('DATABASE_SSL', false) ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) } : false,
          schema: env('DATABASE_SCHEMA', 'public'),
        } as never, // pg takes a connection string; Strapi's type insists on separate fields
        pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) },
        acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
      },
    };
  }

  return {
    connection: {
      client: 'sqlite',
      connection: {
        filename: path.resolve(__dirname, '..', '..', env('DATABASE_FILENAME', '.tmp/data.db')),
      },
      useNullAsDefault: true,
      pool: {
        afterCreate(conn: unknown, done: (err?: Error, conn?: unknown) => void) {
          const db = conn as SqliteConnection;
          try {
            db.pragma('journal_mode = WAL');
            db.pragma('synchronous = NORMAL');
            db.pragma('busy_timeout = 5000');
            cachePreparedStatements(db);
            done(undefined, conn);
          } catch (error) {
            done(error as Error, conn);
          }
        },
      },
      acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
    },
  };
};

export default config;
