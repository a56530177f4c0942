/**
 * The contract with Strapi's unexported internals (strapi-internals.ts): each function is
 * still where it is required from and still behaves as the joined reads, the order writes and
 * the request guard use it. A failure here means a Strapi upgrade moved or changed one of them.
 */
import { describe, expect, it } from 'vitest';
import { createField, fromRow, isScalar, type InternalMeta } from './strapi-internals';

describe("Strapi's query-engine internals", () => {
  it('are all found where they are required from', () => {
    expect(typeof isScalar).toBe('function');
    expect(typeof fromRow).toBe('function');
    expect(typeof createField).toBe('function');
  });

  it('isScalar: column types are scalar, relations, components, media and dynamic zones are not', () => {
    for (const type of [
      'increments',
      'string',
      'text',
      'uid',
      'email',
      'enumeration',
      'integer',
      'biginteger',
      'float',
      'decimal',
      'boolean',
      'json',
      'date',
      'datetime',
      'time',
      'timestamp',
      'password',
      'richtext',
      'blocks',
    ]) {
      expect(isScalar(type), type).toBe(true);
    }
    for (const type of ['relation', 'component', 'dynamiczone', 'media']) {
      expect(isScalar(type), type).toBe(false);
    }
  });

  it('fromRow: maps columns to attributes, converts values and drops unknown and relation-less columns', () => {
    const meta: InternalMeta = {
      uid: 'api::thing.thing',
      tableName: 'things',
      attributes: {
        id: { type: 'increments' },
        isOn: { type: 'boolean', columnName: 'is_on' },
        data: { type: 'json' },
        amount: { type: 'integer' },
        title: { type: 'string' },
        owner: { type: 'relation' },
      },
      columnToAttribute: { id: 'id', is_on: 'isOn', data: 'data', amount: 'amount', title: 'title' },
    };
    expect(fromRow(meta, { id: 3, is_on: 1, data: '{"a":1}', amount: '12', title: null, stray: 'x' })).toEqual({
      id: 3,
      isOn: true,
      data: { a: 1 },
      amount: 12,
      title: null,
    });
    expect(fromRow(meta, { id: 4, is_on: 0 })).toEqual({ id: 4, isOn: false });
    expect(fromRow(meta, null as never)).toBeNull();
  });

  it('createField: gives each scalar type a toDB conversion, and refuses a type that has no column', () => {
    for (const type of ['string', 'integer', 'boolean', 'json', 'datetime', 'date', 'decimal', 'enumeration', 'biginteger']) {
      const field = createField({ type });
      expect(typeof field.toDB, type).toBe('function');
      expect(field.validate === undefined || typeof field.validate === 'function', type).toBe(true);
    }
    expect(createField({ type: 'json' }).toDB({ a: 1 })).toBe('{"a":1}');
    expect(createField({ type: 'boolean' }).toDB(true)).toBe(true);
    expect(createField({ type: 'integer' }).toDB('7')).toBe(7);
    expect(createField({ type: 'string' }).toDB('x')).toBe('x');
    expect(new Date(createField({ type: 'datetime' }).toDB('2024-01-02T03:04:05.000Z') as string | Date).toISOString()).toBe('2024-01-02T03:04:05.000Z');
    expect(() => createField({ type: 'relation' })).toThrow();
  });
});
