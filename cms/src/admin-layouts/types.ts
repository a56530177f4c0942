/**
 * The shape of the admin catalogue: how each content type reads in the Strapi admin's
 * content manager (labels, one-line descriptions, field groups, list columns).
 * The catalogue is data; `build.ts` turns it into Strapi's stored configuration and
 * `apply.ts` writes it on start without overwriting an editor's own arrangement (ADR 161).
 */

/** A field's Thai label and its one-line explanation under the input. */
export type FieldText = {
  label: string;
  description: string;
  /** The list view's column header when shorter than the label. */
  column?: string;
  placeholder?: string;
  /** For a relation: the field of the related entry its picker and column show. */
  mainField?: string;
};

/** A field of a group: its name, or its name and a width out of 12 (ignored where Strapi fixes the width). */
export type GroupField = string | readonly [name: string, size: number];

/** Fields an editor thinks of together; each group starts on a new row of the edit view. */
export type FieldGroup = { title: string; fields: readonly GroupField[] };

export type AdminLayout = {
  /** `api::course.course`, or a component's `category.name`. */
  uid: string;
  kind: 'content-type' | 'component';
  /** The entry's title in lists, relation pickers and the edit view's header. */
  mainField: string;
  defaultSortBy?: string;
  defaultSortOrder?: 'ASC' | 'DESC';
  /** List view columns, in order. */
  list: readonly string[];
  groups: readonly FieldGroup[];
  fields: Readonly<Record<string, FieldText>>;
  /** Every field is shown but cannot be edited in the admin (records written by the shop's own flows). */
  readOnly?: boolean;
  /** Prefix each edit label with its group's title (a long single type whose groups are features). */
  groupInLabel?: boolean;
};
