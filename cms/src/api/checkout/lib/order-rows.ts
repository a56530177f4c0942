/**
 * The statements of placing an order, fewer of them (docs/decisions/139): the links the
 * order's checks need are read in one UNION ALL, and the order, its lines and their links
 * are written on the transaction's knex with one statement per table instead of Strapi's
 * `create` (an insert, a link insert per relation and a read-back per record). Table,
 * column and link-table names come from Strapi's metadata, never spelled out, and every
 * value is converted and defaulted as the query engine does it (document ids, timestamps,
 * JSON, booleans), so the admin panel and every other read see the same rows.
 */
import type { Core } from '@strapi/strapi';
import { createRows } from '../../../lib/rows';
import { createField, isScalar } from '../../../lib/strapi-internals';
import { UID, type Trx } from './db';

type Knex = any;
type Row = Record<string, unknown>;
type Attribute = {
  type: string;
  columnName?: string;
  default?: unknown;
  joinTable?: {
    name: string;
    joinColumn: { name: string };
    inverseJoinColumn: { name: string };
    orderColumnName?: string;
    inverseOrderColumnName?: string;
    on?: Record<string, unknown>;
    orderBy?: Record<string, 'asc' | 'desc'>;
  };
};
type Meta = { tableName: string; attributes: Record<string, Attribute> };

/** A link to read: `owner` is the entry the link belongs to, `other` the related entry (or a column of it). */
export type LinkRow = { kind: string; owner: number; other: number };

export function createOrderRows(strapi: Core.Strapi) {
  const rows = createRows(strapi);
  const knex = (): Knex => strapi.db.connection;
  const meta = (uid: string) => strapi.db.metadata.get(uid as never) as unknown as Meta;
  const joinTableOf = (uid: string, relation: string) => {
    const joinTable = meta(uid).attributes[relation]?.joinTable;
    if (!joinTable) throw new Error(`${uid}.${relation} has no link table`);
    return joinTable;
  };

  /**
   * The scalar columns of a new entry as the query engine's `create` writes them: given
   * values converted with the field's `toDB`, missing ones from the attribute's default
   * (a function for the document id and publishedAt); createdAt and updatedAt now, as
   * the query engine's timestamps subscriber sets them.
   */
  function scalarRow(uid: string, entry: Row, now: Date): Row {
    const row: Row = {};
    const data: Row = { createdAt: now, updatedAt: now, ...entry };
    for (const [name, attribute] of Object.entries(meta(uid).attributes)) {
      if (!isScalar(attribute.type) || attribute.type === 'increments') continue;
      const column = attribute.columnName ?? name;
      const value = data[name];
      if (value === undefined) {
        if (attribute.default !== undefined) row[column] = typeof attribute.default === 'function' ? (attribute.default as () => unknown)() : attribute.default;
        continue;
      }
      const field = createField(attribute);
      if (value !== null) field.validate?.(value);
      row[column] = value === null ? null : field.toDB(value);
    }
    return row;
  }

  return {
    /**
     * Many links in one statement: each part names its kind, the relation (`uid.relation`)
     * and the owners whose links are wanted; `column` reads a column of the related entry
     * instead of its id (a payment method's `method_id`). Sorted by kind, owner and position.
     */
    async readLinks(parts: { kind: string; uid: string; relation: string; owners: number[]; column?: string }[]): Promise<LinkRow[]> {
      const wanted = parts.filter((part) => part.owners.length > 0);
      if (wanted.length === 0) return [];
      const queries = wanted.map((part) => {
        const joinTable = joinTableOf(part.uid, part.relation);
        const order = joinTable.orderColumnName ? `l.${joinTable.orderColumnName}` : 'l.id';
        const query = knex()
          .from({ l: joinTable.name })
          .select(knex().raw(`'${part.kind.replace(/[^a-z_]/g, '')}' as kind`), `l.${joinTable.joinColumn.name} as owner`, knex().raw('?? as position', [order]))
          .whereIn(`l.${joinTable.joinColumn.name}`, part.owners);
        if (!part.column) return query.select(`l.${joinTable.inverseJoinColumn.name} as other`);
        const target = (meta(part.uid).attributes[part.relation] as { target?: string }).target as string;
        return query.join({ t: rows.table(target) }, `t.id`, `l.${joinTable.inverseJoinColumn.name}`).select(`t.${rows.column(target, part.column)} as other`);
      });
      const [first, ...rest] = queries;
      const found = (await (rest.length > 0 ? first.unionAll(rest) : first)) as { kind: string; owner: number | string; other: number | string; position: number | string | null }[];
      return found
        .map((row) => ({ kind: row.kind, owner: Number(row.owner), other: Number(row.other), position: Number(row.position ?? 0) }))
        .sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.owner - b.owner || a.position - b.position))
        .map(({ kind, owner, other }) => ({ kind, owner, other }));
    },

    /**
     * Entries of one content type by id (`fields`, converted as the query engine reads them), each
     * with the entries among `related.ids` (or all of them: 'all') whose relation
     * `related.uid.related.relation` points at it (`related.fields`), in one statement: one result
     * per pair, in id order, or one with `related: null` for an entry none of them points at.
     */
    async readWithRelated<E, R>(
      uid: string,
      ids: number[],
      fields: readonly string[],
      related: { uid: string; relation: string; ids: number[] | 'all'; fields: readonly string[] },
    ): Promise<{ entry: E; related: R | null }[]> {
      if (ids.length === 0) return [];
      const query = knex()
        .from({ e: rows.table(uid) })
        .select(...rows.columns(uid, 'e', fields))
        .whereIn('e.id', ids)
        .orderBy('e.id');
      if (related.ids === 'all' || related.ids.length > 0) {
        const link = rows.link(related.uid, related.relation);
        const wanted = related.ids;
        query
          .leftJoin({ l: link.table }, (on: Knex) => (wanted === 'all' ? on.on(`l.${link.other}`, 'e.id') : on.on(`l.${link.other}`, 'e.id').andOnIn(`l.${link.own}`, wanted)))
          .leftJoin({ r: rows.table(related.uid) }, 'r.id', `l.${link.own}`)
          .select(...rows.columns(related.uid, 'r', related.fields))
          .orderBy('r.id');
      }
      return ((await query) as Row[]).map((row) => ({ entry: rows.pick<E>(uid, 'e', row) as E, related: rows.pick<R>(related.uid, 'r', row) }));
    },

    /**
     * Entries of one content type where every `field = value` (`fields`, converted as the query
     * engine reads them) with the entries of one of their repeatable component fields, in one
     * statement: each entry once, in id order, with its components in their order.
     */
    async readWithComponents<E, C>(
      uid: string,
      fields: readonly string[],
      where: Record<string, unknown>,
      component: { field: string; uid: string; fields: string[] },
    ): Promise<{ entry: E; components: C[] }[]> {
      const joinTable = joinTableOf(uid, component.field);
      const order = joinTable.orderColumnName ?? Object.keys(joinTable.orderBy ?? {})[0] ?? 'id';
      let query = knex()
        .from({ e: rows.table(uid) })
        .leftJoin({ l: joinTable.name }, (on: Knex) => {
          on.on(`l.${joinTable.joinColumn.name}`, 'e.id');
          for (const [column, value] of Object.entries(joinTable.on ?? {})) on.andOn(`l.${column}`, knex().raw('?', [value]));
        })
        .leftJoin({ c: rows.table(component.uid) }, 'c.id', `l.${joinTable.inverseJoinColumn.name}`)
        .select(...rows.columns(uid, 'e', fields), ...rows.columns(component.uid, 'c', ['id', ...component.fields]))
        .orderBy(['e.id', `l.${order}`]);
      for (const [field, value] of Object.entries(where)) query = query.where(`e.${rows.column(uid, field)}`, value);
      const found = new Map<number, { entry: E; components: C[] }>();
      for (const row of (await query) as Row[]) {
        const entry = rows.pick<E & { id: number }>(uid, 'e', row) as E & { id: number };
        const known = found.get(entry.id) ?? { entry, components: [] };
        found.set(entry.id, known);
        const part = rows.pick<C>(component.uid, 'c', row);
        if (part) known.components.push(part);
      }
      return [...found.values()];
    },

    /** Inserts entries of one content type in one statement; their ids, in the order given. */
    async insertEntries(trx: Trx, uid: string, entries: Row[]): Promise<number[]> {
      if (entries.length === 0) return [];
      const documentId = rows.column(uid, 'documentId');
      const now = new Date();
      const data = entries.map((entry) => scalarRow(uid, entry, now));
      const inserted = (await knex()(meta(uid).tableName).transacting(trx).insert(data).returning(['id', documentId])) as Row[];
      const ids = new Map(inserted.map((row) => [String(row[documentId]), Number(row.id)]));
      return data.map((row) => {
        const id = ids.get(String(row[documentId]));
        if (id === undefined) throw new Error(`${uid}: an inserted row was not returned`);
        return id;
      });
    },

    /**
     * Links new entries to others in one statement per relation, `[own id, related id]` in
     * the order the relation keeps them (its position column counts from 1 per owner, as
     * Strapi's `create` sets it; a position on the related side counts on from the highest
     * there, which is read unless `relatedAreNew` says the related entries have no links yet).
     */
    async insertLinks(trx: Trx, uid: string, relation: string, pairs: [number, number][], { relatedAreNew = false } = {}): Promise<void> {
      if (pairs.length === 0) return;
      const joinTable = joinTableOf(uid, relation);
      const { joinColumn, inverseJoinColumn, orderColumnName, inverseOrderColumnName } = joinTable;
      const inverseMax = new Map<number, number>();
      if (inverseOrderColumnName && !relatedAreNew) {
        const others = [...new Set(pairs.map(([, other]) => other))];
        const found = (await knex()(joinTable.name)
          .transacting(trx)
          .select(inverseJoinColumn.name)
          .max(inverseOrderColumnName, { as: 'max' })
          .whereIn(inverseJoinColumn.name, others)
          .where(joinTable.on ?? {})
          .groupBy(inverseJoinColumn.name)) as Row[];
        for (const row of found) inverseMax.set(Number(row[inverseJoinColumn.name]), Number(row.max ?? 0));
      }
      const perOwner = new Map<number, number>();
      const data = pairs.map(([own, other]) => {
        const row: Row = { [joinColumn.name]: own, [inverseJoinColumn.name]: other, ...(joinTable.on ?? {}) };
        if (orderColumnName) {
          const position = (perOwner.get(own) ?? 0) + 1;
          perOwner.set(own, position);
          row[orderColumnName] = position;
        }
        if (inverseOrderColumnName) {
          const position = (inverseMax.get(other) ?? 0) + 1;
          inverseMax.set(other, position);
          row[inverseOrderColumnName] = position;
        }
        return row;
      });
      await knex()(joinTable.name).transacting(trx).insert(data);
    },
  };
}

export type OrderRows = ReturnType<typeof createOrderRows>;
export { UID };
