/**
 * Pure steps of the admin catalogue: the configuration a layout asks for, given what Strapi
 * stores now, and whether the stored configuration is still the one we last wrote (ADR 161).
 */
import type { AdminLayout, FieldText } from './types';

export type EditMeta = { label?: string; description?: string; placeholder?: string; visible?: boolean; editable?: boolean; mainField?: string };
export type ListMeta = { label?: string; searchable?: boolean; sortable?: boolean };
export type EditCell = { name: string; size: number };
/** The content manager's stored configuration of one content type or component. */
export type CmConfiguration = {
  settings: Record<string, unknown>;
  metadatas: Record<string, { edit: EditMeta; list: ListMeta }>;
  layouts: { list: string[]; edit: EditCell[][] };
};

/** What the running schema allows, read from the content manager. */
export type SchemaView = {
  /** Every attribute name, system ones (id, createdAt) included. */
  attributes: ReadonlySet<string>;
  /** Attributes the edit view can show (not id, timestamps or creator fields). */
  placeable: ReadonlySet<string>;
  /** Attributes the list view can show as a column. */
  listable: ReadonlySet<string>;
  /** A field's width in the edit view: Strapi's default and whether it may change. */
  size: (name: string) => { default: number; isResizable: boolean };
};

/** What we remember of a configuration we wrote: the fields we own and their projected values. */
export type AppliedRecord = { fields: string[]; applied: CmConfiguration };

const ROW = 12;
/** Labels every content type shares. */
export const SYSTEM_FIELDS: Readonly<Record<string, FieldText>> = {
  id: { label: 'รหัส', description: 'เลขประจำรายการในฐานข้อมูล' },
  documentId: { label: 'รหัสเอกสาร', description: 'รหัสที่ระบบใช้อ้างถึงรายการนี้' },
  createdAt: { label: 'สร้างเมื่อ', description: 'วันเวลาที่สร้างรายการ' },
  updatedAt: { label: 'แก้ไขล่าสุด', description: 'วันเวลาที่แก้ไขรายการครั้งล่าสุด' },
  locale: { label: 'ภาษา', description: 'ภาษาของข้อความนี้' },
};

function fieldName(field: string | readonly [string, number]): string {
  return typeof field === 'string' ? field : field[0];
}

/** The names the layout configures that exist in the running schema (unknown ones are skipped). */
export function ownedFields(layout: AdminLayout, schema: SchemaView): string[] {
  const names = new Set<string>([...Object.keys(layout.fields), ...layout.list, ...layout.groups.flatMap((g) => g.fields.map(fieldName))]);
  for (const name of Object.keys(SYSTEM_FIELDS)) names.add(name);
  return [...names].filter((name) => schema.attributes.has(name)).sort();
}

function editRows(layout: AdminLayout, schema: SchemaView, stored: CmConfiguration): EditCell[][] {
  const rows: EditCell[][] = [];
  const placed = new Set<string>();
  const place = (name: string, wanted: number | undefined, newRow: boolean) => {
    if (placed.has(name) || !schema.placeable.has(name)) return;
    const { default: fallback, isResizable } = schema.size(name);
    const size = isResizable && wanted && wanted > 0 && wanted <= ROW ? wanted : fallback;
    const last = rows[rows.length - 1];
    if (newRow || !last || last.reduce((sum, cell) => sum + cell.size, 0) + size > ROW) rows.push([{ name, size }]);
    else last.push({ name, size });
    placed.add(name);
  };
  for (const group of layout.groups) {
    group.fields.forEach((field, index) => place(fieldName(field), typeof field === 'string' ? undefined : field[1], index === 0));
  }
  // A field the catalogue does not place (a new attribute) stays visible, after ours.
  let first = true;
  for (const cell of stored.layouts.edit.flat()) {
    if (placed.has(cell.name) || !schema.placeable.has(cell.name)) continue;
    place(cell.name, cell.size, first);
    first = false;
  }
  return rows;
}

function groupOf(layout: AdminLayout): Map<string, string> {
  const groups = new Map<string, string>();
  for (const group of layout.groups) for (const field of group.fields) groups.set(fieldName(field), group.title);
  return groups;
}

/** The configuration the layout asks for, over what Strapi stores (other fields and settings kept). */
export function buildConfiguration(layout: AdminLayout, schema: SchemaView, stored: CmConfiguration): CmConfiguration {
  const texts: Record<string, FieldText> = { ...SYSTEM_FIELDS, ...layout.fields };
  const groups = groupOf(layout);
  const metadatas: CmConfiguration['metadatas'] = {};
  for (const [name, meta] of Object.entries(stored.metadatas)) metadatas[name] = { edit: { ...meta.edit }, list: { ...meta.list } };
  for (const [name, text] of Object.entries(texts)) {
    if (!schema.attributes.has(name)) continue;
    const current = metadatas[name] ?? { edit: {}, list: {} };
    const group = groups.get(name);
    const label = layout.groupInLabel && group ? `${group} · ${text.label}` : text.label;
    const edit: EditMeta = { ...current.edit, label, description: text.description, placeholder: text.placeholder ?? current.edit.placeholder ?? '' };
    if (schema.placeable.has(name)) {
      edit.visible = true;
      edit.editable = layout.readOnly ? false : (current.edit.editable ?? true);
    }
    if (text.mainField) edit.mainField = text.mainField;
    // a list column of a relation shows the edit metadata's mainField (Strapi's shape has none in list)
    metadatas[name] = { edit, list: { ...current.list, label: text.column ?? text.label } };
  }
  const list = layout.list.filter((name) => schema.listable.has(name));
  return {
    settings: {
      ...stored.settings,
      mainField: schema.attributes.has(layout.mainField) ? layout.mainField : stored.settings.mainField,
      defaultSortBy: layout.defaultSortBy && schema.attributes.has(layout.defaultSortBy) ? layout.defaultSortBy : (stored.settings.defaultSortBy ?? 'id'),
      defaultSortOrder: layout.defaultSortOrder ?? stored.settings.defaultSortOrder ?? 'ASC',
    },
    metadatas,
    layouts: { list: list.length > 0 ? list : stored.layouts.list, edit: editRows(layout, schema, stored) },
  };
}

const EDIT_KEYS = ['label', 'description', 'placeholder', 'visible', 'editable', 'mainField'] as const;
// searchable and sortable are left out: Strapi's own start-up repair rewrites them.
const LIST_KEYS = ['label'] as const;
const SETTING_KEYS = ['mainField', 'defaultSortBy', 'defaultSortOrder', 'pageSize'] as const;

function pick<T extends object>(value: T | undefined, keys: readonly (keyof T)[]): Partial<T> {
  const out: Partial<T> = {};
  for (const key of keys) if (value && value[key] !== undefined) out[key] = value[key];
  return out;
}

/**
 * The part of a configuration that concerns the given fields: what an editor can change of
 * them (order, widths, labels, columns, sort). Fields outside the set (a new attribute that
 * Strapi appended, a removed one) do not count, so a schema change alone never reads as an
 * editor's change.
 */
export function project(config: CmConfiguration, fields: readonly string[]): CmConfiguration {
  const owned = new Set(fields);
  const metadatas: CmConfiguration['metadatas'] = {};
  for (const name of [...owned].sort()) {
    const meta = config.metadatas[name];
    if (meta) metadatas[name] = { edit: pick(meta.edit, EDIT_KEYS), list: pick(meta.list, LIST_KEYS) };
  }
  return {
    settings: pick(config.settings, SETTING_KEYS),
    metadatas,
    layouts: {
      list: config.layouts.list.filter((name) => owned.has(name)),
      edit: config.layouts.edit.map((row) => row.filter((cell) => owned.has(cell.name)).map((cell) => ({ name: cell.name, size: cell.size }))).filter((row) => row.length > 0),
    },
  };
}

/** JSON with object keys sorted, so two equal configurations compare equal whatever their key order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export type Decision = { action: 'write'; reason: 'first' | 'catalogue-changed' } | { action: 'keep'; reason: 'unchanged' | 'edited-in-admin' };

/**
 * Writes when we never wrote this configuration, or when the stored one is still exactly what
 * we wrote and the catalogue (or the schema) now asks for something else. Once an editor has
 * rearranged the view in the admin, their arrangement stays.
 */
export function decide(stored: CmConfiguration, record: AppliedRecord | null, desired: CmConfiguration, schema: SchemaView, owned: readonly string[]): Decision {
  if (!record) return { action: 'write', reason: 'first' };
  const compared = record.fields.filter((name) => schema.attributes.has(name));
  if (stableJson(project(stored, compared)) !== stableJson(project(record.applied, compared))) return { action: 'keep', reason: 'edited-in-admin' };
  const same = stableJson(project(desired, owned)) === stableJson(project(record.applied, record.fields)) && stableJson(owned) === stableJson(record.fields);
  return same ? { action: 'keep', reason: 'unchanged' } : { action: 'write', reason: 'catalogue-changed' };
}
