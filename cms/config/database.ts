import path from 'path';
import type { Core } from '@strapi/strapi';

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
          const db = conn as { pragma: (sql: string) => unknown };
          try {
            db.pragma('journal_mode = WAL');
            db.pragma('synchronous = NORMAL');
            db.pragma('busy_timeout = 5000');
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
