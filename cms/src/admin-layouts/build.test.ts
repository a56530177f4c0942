import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildConfiguration, decide, ownedFields, project, type AppliedRecord, type CmConfiguration, type SchemaView } from './build';
import { ADMIN_LAYOUTS } from './catalogue';
import type { AdminLayout } from './types';

const SIZES: Record<string, { default: number; isResizable: boolean }> = {
  string: { default: 6, isResizable: true },
  boolean: { default: 4, isResizable: true },
  json: { default: 12, isResizable: false },
};

function schemaOf(types: Record<string, string>): SchemaView {
  const names = Object.keys(types);
  return {
    attributes: new Set(['id', 'createdAt', ...names]),
    placeable: new Set(names),
    listable: new Set(['id', 'createdAt', ...names.filter((name) => types[name] !== 'json')]),
    size: (name) => SIZES[types[name]] ?? SIZES.string,
  };
}

const LAYOUT: AdminLayout = {
  uid: 'api::thing.thing',
  kind: 'content-type',
  mainField: 'name',
  list: ['id', 'name', 'state'],
  groups: [
    { title: 'หลัก', fields: ['name', 'state'] },
    { title: 'อื่น', fields: ['flag', 'data'] },
  ],
  fields: {
    name: { label: 'ชื่อ', description: 'ชื่อของสิ่งนี้' },
    state: { label: 'สถานะ', description: 'สถานะของสิ่งนี้' },
    flag: { label: 'เปิด', description: 'เปิดใช้งาน' },
    data: { label: 'ข้อมูล', description: 'ข้อมูลดิบ' },
  },
};

const STRAPI_DEFAULT: CmConfiguration = {
  settings: { mainField: 'id', defaultSortBy: 'id', defaultSortOrder: 'ASC', pageSize: 10 },
  metadatas: {
    name: { edit: { label: 'name', description: '', visible: true, editable: true }, list: { label: 'name', searchable: true, sortable: true } },
    flag: { edit: { label: 'flag', description: '', visible: true, editable: true }, list: { label: 'flag', searchable: true, sortable: true } },
    data: { edit: { label: 'data', description: '', visible: true, editable: true }, list: { label: 'data', searchable: false, sortable: false } },
    extra: { edit: { label: 'extra', description: '', visible: true, editable: true }, list: { label: 'extra', searchable: true, sortable: true } },
  },
  layouts: {
    list: ['id', 'name', 'flag'],
    edit: [
      [
        { name: 'name', size: 6 },
        { name: 'flag', size: 4 },
      ],
      [{ name: 'data', size: 12 }],
      [{ name: 'extra', size: 6 }],
    ],
  },
};

/** What apply.ts stores after writing `config`. */
function recordOf(config: CmConfiguration, schema: SchemaView): AppliedRecord {
  const fields = ownedFields(LAYOUT, schema);
  return { fields, applied: project(config, fields) };
}

describe('the admin catalogue as Strapi configuration', () => {
  const schema = schemaOf({ name: 'string', flag: 'boolean', data: 'json', extra: 'string' });

  it('labels, describes and groups the fields, each group on a new row, and keeps a field the catalogue does not place', () => {
    const config = buildConfiguration(LAYOUT, schema, STRAPI_DEFAULT);
    expect(config.metadatas.name.edit).toMatchObject({ label: 'ชื่อ', description: 'ชื่อของสิ่งนี้', editable: true });
    expect(config.metadatas.name.list.label).toBe('ชื่อ');
    expect(config.layouts.edit).toEqual([[{ name: 'name', size: 6 }], [{ name: 'flag', size: 4 }], [{ name: 'data', size: 12 }], [{ name: 'extra', size: 6 }]]);
    expect(config.settings.mainField).toBe('name');
    expect(config.settings.pageSize).toBe(10);
  });

  it('skips a field the running schema lacks (state) instead of failing', () => {
    const config = buildConfiguration(LAYOUT, schema, STRAPI_DEFAULT);
    expect(config.layouts.list).toEqual(['id', 'name']);
    expect(config.metadatas.state).toBeUndefined();
    expect(config.layouts.edit.flat().map((cell) => cell.name)).not.toContain('state');
  });

  it('makes every field of a read-only type not editable', () => {
    const config = buildConfiguration({ ...LAYOUT, readOnly: true }, schema, STRAPI_DEFAULT);
    for (const name of ['name', 'flag', 'data']) expect(config.metadatas[name].edit.editable).toBe(false);
  });

  it('writes the first time, then keeps what it wrote', () => {
    const desired = buildConfiguration(LAYOUT, schema, STRAPI_DEFAULT);
    const owned = ownedFields(LAYOUT, schema);
    expect(decide(STRAPI_DEFAULT, null, desired, schema, owned)).toEqual({ action: 'write', reason: 'first' });
    const record = recordOf(desired, schema);
    expect(decide(desired, record, buildConfiguration(LAYOUT, schema, desired), schema, owned)).toEqual({ action: 'keep', reason: 'unchanged' });
  });

  it("keeps an editor's rearrangement even when the catalogue changes afterwards", () => {
    const desired = buildConfiguration(LAYOUT, schema, STRAPI_DEFAULT);
    const record = recordOf(desired, schema);
    const rearranged: CmConfiguration = { ...desired, layouts: { ...desired.layouts, edit: [...desired.layouts.edit].reverse() } };
    const changedCatalogue = buildConfiguration({ ...LAYOUT, fields: { ...LAYOUT.fields, name: { label: 'ชื่อใหม่', description: 'x' } } }, schema, rearranged);
    expect(decide(rearranged, record, changedCatalogue, schema, ownedFields(LAYOUT, schema))).toEqual({ action: 'keep', reason: 'edited-in-admin' });
    const relabelled: CmConfiguration = { ...desired, metadatas: { ...desired.metadatas, flag: { ...desired.metadatas.flag, edit: { ...desired.metadatas.flag.edit, label: 'สวิตช์' } } } };
    expect(decide(relabelled, record, desired, schema, ownedFields(LAYOUT, schema)).reason).toBe('edited-in-admin');
  });

  it('rewrites a configuration still its own when the catalogue changes', () => {
    const desired = buildConfiguration(LAYOUT, schema, STRAPI_DEFAULT);
    const record = recordOf(desired, schema);
    const next = buildConfiguration({ ...LAYOUT, list: ['id', 'flag', 'name'] }, schema, desired);
    expect(decide(desired, record, next, schema, ownedFields(LAYOUT, schema))).toEqual({ action: 'write', reason: 'catalogue-changed' });
  });

  it('takes a renamed attribute (status to state) as a schema change, not an editor change, and writes the new field', () => {
    const before = schemaOf({ name: 'string', status: 'string', flag: 'boolean', data: 'json' });
    const layout: AdminLayout = { ...LAYOUT, list: ['id', 'name', 'state', 'status'], fields: { ...LAYOUT.fields, status: { label: 'สถานะ', description: 'เดิม' } } };
    const written = buildConfiguration(layout, before, STRAPI_DEFAULT);
    const record: AppliedRecord = { fields: ownedFields(layout, before), applied: project(written, ownedFields(layout, before)) };
    const after = schemaOf({ name: 'string', state: 'string', flag: 'boolean', data: 'json' });
    // Strapi's own sync drops status and appends state at the end.
    const synced: CmConfiguration = {
      ...written,
      metadatas: { ...written.metadatas, state: { edit: { label: 'state' }, list: { label: 'state' } } },
      layouts: {
        list: written.layouts.list.filter((n) => n !== 'status'),
        edit: [...written.layouts.edit.map((row) => row.filter((c) => c.name !== 'status')).filter((r) => r.length > 0), [{ name: 'state', size: 6 }]],
      },
    };
    const desired = buildConfiguration(layout, after, synced);
    expect(decide(synced, record, desired, after, ownedFields(layout, after))).toEqual({ action: 'write', reason: 'catalogue-changed' });
    expect(desired.layouts.list).toEqual(['id', 'name', 'state']);
  });
});

describe('the catalogue', () => {
  it('gives every field it names a Thai label and a one-line description', () => {
    for (const layout of ADMIN_LAYOUTS) {
      for (const [name, text] of Object.entries(layout.fields)) {
        expect(text.label, `${layout.uid}.${name}`).toMatch(/[\u0E00-\u0E7F]|^(SKU|VAT)/);
        expect(text.description.length, `${layout.uid}.${name}`).toBeGreaterThan(0);
        expect(text.description, `${layout.uid}.${name}`).not.toContain('\n');
      }
      const grouped = layout.groups.flatMap((g) => g.fields.map((f) => (typeof f === 'string' ? f : f[0])));
      for (const name of grouped) expect(layout.fields[name], `${layout.uid}.${name} is placed without a label`).toBeDefined();
    }
  });

  it('names only attributes of its content type (state and status while the rename is in flight), so a typo cannot hide a field', () => {
    const src = path.resolve(__dirname, '..');
    const schemas = new Map<string, string[]>();
    for (const api of fs.readdirSync(path.join(src, 'api'))) {
      const dir = path.join(src, 'api', api, 'content-types');
      if (!fs.existsSync(dir)) continue;
      for (const type of fs.readdirSync(dir)) {
        const file = path.join(dir, type, 'schema.json');
        if (fs.existsSync(file)) schemas.set(`api::${api}.${type}`, Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')).attributes));
      }
    }
    for (const category of fs.readdirSync(path.join(src, 'components'))) {
      for (const file of fs.readdirSync(path.join(src, 'components', category))) {
        schemas.set(`${category}.${file.replace(/\.json$/, '')}`, Object.keys(JSON.parse(fs.readFileSync(path.join(src, 'components', category, file), 'utf8')).attributes));
      }
    }
    const system = ['id', 'documentId', 'createdAt', 'updatedAt', 'locale', 'state', 'status'];
    for (const layout of ADMIN_LAYOUTS) {
      const attributes = schemas.get(layout.uid);
      expect(attributes, layout.uid).toBeDefined();
      const named = [...Object.keys(layout.fields), ...layout.list, ...layout.groups.flatMap((g) => g.fields.map((f) => (typeof f === 'string' ? f : f[0])))];
      for (const name of named) expect([...attributes!, ...system], `${layout.uid}.${name}`).toContain(name);
    }
    const configured = new Set(ADMIN_LAYOUTS.map((layout) => layout.uid));
    for (const uid of schemas.keys()) expect(configured.has(uid), `${uid} has no admin layout`).toBe(true);
  });

  it('shows orders, order lines, payment attempts, payment reports, tax documents and the paperwork after payment read-only', () => {
    const readOnly = ADMIN_LAYOUTS.filter((layout) => layout.readOnly).map((layout) => layout.uid);
    expect(readOnly.sort()).toEqual([
      'api::order-line.order-line',
      'api::order-paperwork.credit-note',
      'api::order-paperwork.credit-note-counter',
      'api::order-paperwork.withholding-certificate',
      'api::order.order',
      'api::payment-attempt.payment-attempt',
      'api::payment-report.payment-report',
      'api::tax-document.tax-document',
      'api::tax-document.tax-document-counter',
    ]);
  });
});
