import type { Core } from '@strapi/strapi';

/**
 * The editor's own field types (ADR 164, 165). Each keeps the column type it replaces, so the
 * database, the REST answers and every service see the same integers and strings as before:
 * only the admin panel's input changes (cms/src/admin/money-field registers the other half).
 * - `global::money`: integer minor units, typed and shown as `1,490.00` baht or dollars.
 * - `global::percent`: integer basis points, typed and shown as `7.00` %.
 * - `global::site-layout`: the layout code ('default', '1', '3', '4'), picked by its Thai name.
 */
export const EDITOR_FIELDS = [
  { name: 'money', type: 'integer', inputSize: { default: 6, isResizable: true } },
  { name: 'percent', type: 'integer', inputSize: { default: 4, isResizable: true } },
  { name: 'site-layout', type: 'string', inputSize: { default: 6, isResizable: true } },
] as const;

/** Registers the field types; runs in the register phase, before Strapi swaps each `customField` for its type. */
export function registerEditorFields(strapi: Core.Strapi): void {
  strapi.customFields.register(EDITOR_FIELDS.map((field) => ({ ...field, inputSize: { ...field.inputSize } })));
}
