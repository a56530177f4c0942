/**
 * The only door into Strapi's unexported internals (`@strapi/database/dist/…`). The joined
 * reads (rows.ts), the order writes (checkout's order-rows.ts) and the request guard convert
 * and select values exactly as Strapi's query engine does, with the query engine's own
 * functions, taken from here. A Strapi upgrade that moves or changes one of them fails
 * strapi-internals.test.ts, not a page in production.
 */

/** An attribute of a content type, as far as the query engine's field conversions read it. */
export type InternalAttribute = { type: string; columnName?: string; default?: unknown; [key: string]: unknown };
/** Content-type metadata, as far as `fromRow` reads it. */
export type InternalMeta = { uid?: string; tableName: string; attributes: Record<string, InternalAttribute>; columnToAttribute?: Record<string, string> };
export type InternalRow = Record<string, unknown>;
/** A field of the query engine: `toDB` converts a value for its column, `validate` refuses a value of the wrong kind. */
export type InternalField = { toDB: (value: unknown) => unknown; validate?: (value: unknown) => void };

/** True for an attribute kept in a column of its own table (not a relation, component, dynamic zone or media). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { isScalar } = require('@strapi/database/dist/utils/types.js') as { isScalar: (type: string) => boolean };

/** The query engine's own row conversion (column names in, attribute names and JS values out). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { fromRow } = require('@strapi/database/dist/query/helpers/transform.js') as {
  fromRow: (meta: InternalMeta, row: InternalRow) => InternalRow | null;
};

/** The query engine's field for an attribute: its `toDB` conversion, the one its `create` applies. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { createField } = require('@strapi/database/dist/fields/index.js') as {
  createField: (attribute: InternalAttribute) => InternalField;
};
