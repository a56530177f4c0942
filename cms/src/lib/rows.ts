/**
 * Joined reads for the hot public pages. Strapi's query engine sends one statement per
 * populated relation; the course page needs a dozen relations, so its reads join them
 * here instead, on the knex connection, with table, column and link-table names taken
 * from Strapi's own metadata (never spelled out), and every value converted exactly as the
 * query engine converts it (booleans, dates, JSON) so the answers stay the same.
 */
import type { Core } from '@strapi/strapi';
import { fromRow, isScalar, type InternalMeta } from './strapi-internals';

type Attribute = {
  type: string;
  columnName?: string;
  joinTable?: {
    name: string;
    joinColumn: { name: string };
    inverseJoinColumn?: { name: string };
    orderColumnName?: string;
    morphColumn?: { idColumn: { name: string }; typeColumn: { name: string }; typeField?: string };
  };
};
type Meta = { uid: string; tableName: string; attributes: Record<string, Attribute>; columnToAttribute: Record<string, string> };
type Row = Record<string, unknown>;
type Knex = any;

export type Link = { table: string; own: string; other: string; order: string | null };
export type MorphLink = { table: string; file: string; id: string; type: string; field: string; order: string };

export function createRows(strapi: Core.Strapi) {
  const knex = () => strapi.db.connection;
  const meta = (uid: string) => strapi.db.metadata.get(uid) as unknown as Meta;
  const column = (uid: string, field: string) => {
    const attribute = meta(uid).attributes[field];
    if (!attribute) throw new Error(`${uid} has no attribute ${field}`);
    return attribute.columnName ?? field;
  };
  const table = (uid: string) => meta(uid).tableName;

  /** `alias.column as prefix__column` for each field: the select list of one table in a join. */
  const columns = (uid: string, alias: string, fields: readonly string[]): string[] =>
    fields.map((field) => {
      const name = column(uid, field);
      return `${alias}.${name} as ${alias}__${name}`;
    });

  /** The part of a joined row selected with `columns(uid, alias, …)`, as the query engine returns it; null when its id is null (no match in a left join). */
  function pick<T>(uid: string, alias: string, row: Row): T | null {
    const own: Row = {};
    const prefix = `${alias}__`;
    for (const key of Object.keys(row)) if (key.startsWith(prefix)) own[key.slice(prefix.length)] = row[key];
    if (own.id === null || own.id === undefined) return null;
    return fromRow(meta(uid) as unknown as InternalMeta, own) as T;
  }

  return {
    knex,
    table,
    column,
    columns,
    pick,

    /** Every column the query engine's `findOne` returns for a content type: its scalar attributes. */
    scalarFields(uid: string): string[] {
      return Object.entries(meta(uid).attributes)
        .filter(([, attribute]) => isScalar(attribute.type))
        .map(([name]) => name);
    },

    /**
     * The first entry of a content type where every `field = value` (`fields`, converted as the
     * query engine reads them), or null: `findOne` in one statement without the query engine,
     * and with `limit 1` as a literal (SQLite runs reads with a bound LIMIT markedly slower).
     */
    async readFirst<T>(uid: string, fields: readonly string[], where: Record<string, unknown>): Promise<T | null> {
      let query = (knex() as Knex).from({ e: table(uid) }).select(...columns(uid, 'e', ['id', ...fields.filter((field) => field !== 'id')]));
      for (const [field, value] of Object.entries(where)) query = query.where(`e.${column(uid, field)}`, value);
      const [row] = (await query.orderBy('e.id').limit(1, { skipBinding: true })) as Row[];
      return row ? pick<T>(uid, 'e', row) : null;
    },

    /** The link table of a relation: `own` holds this entry's id, `other` the related entry's. */
    link(uid: string, relation: string): Link {
      const joinTable = meta(uid).attributes[relation]?.joinTable;
      if (!joinTable?.inverseJoinColumn) throw new Error(`${uid}.${relation} has no link table`);
      return { table: joinTable.name, own: joinTable.joinColumn.name, other: joinTable.inverseJoinColumn.name, order: joinTable.orderColumnName ?? null };
    },

    /** The table linking uploaded files to the entries and fields that use them. */
    morph(): MorphLink {
      const joinTable = meta('plugin::upload.file').attributes.related?.joinTable;
      const morph = joinTable?.morphColumn;
      if (!joinTable || !morph) throw new Error('the upload plugin has no related-morph table');
      return { table: joinTable.name, file: joinTable.joinColumn.name, id: morph.idColumn.name, type: morph.typeColumn.name, field: morph.typeField ?? 'field', order: 'order' };
    },
  };
}

export type Rows = ReturnType<typeof createRows>;
