/**
 * What the storefront needs before anyone signs in: the site's switches, the user groups
 * a student may pick and the custom registration questions. Explicit field lists: the
 * setting row also holds limits and modes that stay on the server.
 */
import type { Core } from '@strapi/strapi';
import type { CustomLabelType, Locale } from '@sala/shared/constants';
import { localizedValue } from '@sala/shared/texts';
import { PUBLIC_SETTING_FIELDS, type SiteSettings as PublicSiteSettings } from '@sala/shared/settings';

const SETTING_UID = 'api::site-setting.site-setting';
const GROUP_UID = 'api::user-group.user-group';
const LABEL_UID = 'api::custom-label.custom-label';

/** Limits and modes of the setting row that stay on the server. */
const SERVER_FIELDS = ['max_users', 'max_users_per_day', 'is_enable_whitelist'] as const;

/** The site-setting fields the server reads (the public switches and its own limits); missing ones take the content type's defaults. */
export type SiteSettings = PublicSiteSettings & {
  max_users: number | null;
  max_users_per_day: number | null;
  is_enable_whitelist: boolean;
};

export type { PublicSiteSettings };

export type UserGroupItem = { id: number; name: string; is_default: boolean };

export type CustomLabelItem = {
  id: number;
  type_label: CustomLabelType;
  label: string;
  order_label: number;
  required: boolean;
  item_list: unknown;
};

/** A custom label's choices with each shown text in the locale; anything that is not a choice list stays as it is. */
function choicesInLocale(itemList: unknown, locale: Locale): unknown {
  if (locale !== 'en' || !Array.isArray(itemList)) return itemList;
  return itemList.map((item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
    const { label_en: english, ...choice } = item as Record<string, unknown>;
    return typeof choice.label === 'string' ? { ...choice, label: localizedValue(choice.label, typeof english === 'string' ? english : null, locale) } : choice;
  });
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  function defaults(): SiteSettings {
    const attributes = strapi.getModel(SETTING_UID).attributes as Record<string, { default?: unknown }>;
    const values: Record<string, unknown> = {};
    for (const name of [...PUBLIC_SETTING_FIELDS, ...SERVER_FIELDS]) values[name] = attributes[name]?.default ?? null;
    return values as SiteSettings;
  }

  /** The site's settings; before an editor saved any, the content type's defaults. */
  async function readSettings(): Promise<SiteSettings> {
    const row = (await strapi.db.query(SETTING_UID).findOne({ select: [...PUBLIC_SETTING_FIELDS, ...SERVER_FIELDS] })) as Partial<SiteSettings> | null;
    const settings = defaults();
    for (const [name, value] of Object.entries(row ?? {})) {
      if (value !== null && value !== undefined) (settings as Record<string, unknown>)[name] = value;
    }
    return settings;
  }

  return {
    readSettings,

    async publicSiteSettings(): Promise<PublicSiteSettings> {
      const settings = await readSettings();
      const result: Record<string, unknown> = {};
      for (const name of PUBLIC_SETTING_FIELDS) result[name] = settings[name];
      result.is_production_mode = Boolean(settings.is_production_mode);
      return result as PublicSiteSettings;
    },

    async listUserGroups(): Promise<UserGroupItem[]> {
      const rows = (await strapi.db.query(GROUP_UID).findMany({
        select: ['id', 'name', 'is_default'],
        orderBy: [{ sort_order: 'asc' }, { id: 'asc' }],
      })) as { id: number; name: string; is_default: boolean | null }[];
      return rows.map((row) => ({ id: row.id, name: row.name, is_default: Boolean(row.is_default) }));
    },

    /**
     * The active custom labels in the form's order, their questions and the shown text of their
     * choices in the locale (ADR 183): a choice's `label_en` beside its `label`; its `value`, what
     * an answer stores, is the same in both languages.
     */
    async listCustomLabels(locale: Locale = 'th'): Promise<CustomLabelItem[]> {
      const rows = (await strapi.db.query(LABEL_UID).findMany({
        select: ['id', 'type_label', 'label', 'label_en', 'order_label', 'required', 'item_list'],
        where: { $or: [{ is_active: true }, { is_active: { $null: true } }] },
        orderBy: [{ order_label: 'asc' }, { id: 'asc' }],
      })) as (Omit<CustomLabelItem, 'required' | 'order_label'> & { label_en: string | null; required: boolean | null; order_label: number | null })[];
      return rows.map((row) => ({
        id: row.id,
        type_label: row.type_label,
        label: localizedValue(row.label, row.label_en, locale),
        order_label: row.order_label ?? 0,
        required: Boolean(row.required),
        item_list: choicesInLocale(row.item_list ?? null, locale),
      }));
    },
  };
};
