/**
 * What the storefront needs before anyone signs in: the site's switches, the user groups
 * a student may pick and the custom registration questions. Explicit field lists: the
 * setting row also holds limits and modes that stay on the server.
 */
import type { Core } from '@strapi/strapi';
import type { RegistrationSettings } from '@sala/shared/schemas';
import type { CustomLabelType } from '@sala/shared/constants';

const SETTING_UID = 'api::site-setting.site-setting';
const GROUP_UID = 'api::user-group.user-group';
const LABEL_UID = 'api::custom-label.custom-label';

/** The site-setting fields the server reads; missing ones take the content type's defaults. */
export type SiteSettings = {
  title: string | null;
  layout: string;
  course_teacher: boolean;
  course_group: boolean;
  course_bestseller: boolean;
  is_thank_you_page: boolean;
  slip: boolean;
  is_coupon_or_promotion: boolean;
  is_one_coupon_per_order: boolean;
  is_access_rights: boolean;
  is_enable_vat: boolean;
  vat_value: number;
  auto_cancel: number;
  is_enable_tax_invoice: boolean;
  is_enable_addon_tax: boolean;
  is_enable_withholding_tax: boolean;
  withholding_percents: number[] | null;
  is_enable_firstname: boolean;
  is_require_firstname: boolean;
  is_enable_lastname: boolean;
  is_require_lastname: boolean;
  is_enable_tel: boolean;
  is_require_tel: boolean;
  is_enable_nickname: boolean;
  is_require_nickname: boolean;
  is_enable_address: boolean;
  is_require_address: boolean;
  is_enable_profile_picture: boolean;
  is_require_profile_picture: boolean;
  is_student_choose_group: boolean;
  package_user_group: boolean;
  package_tax_system: boolean;
  package_course_curriculum: boolean;
  package_course_comment: boolean;
  is_enable_howtobuy: boolean;
  is_production_mode: boolean;
  max_users: number | null;
  max_users_per_day: number | null;
  is_enable_whitelist: boolean;
};

/** The settings GET /api/setting/site/into/1 answers with: switches and texts, no limits. */
export const PUBLIC_SETTING_FIELDS = [
  'title',
  'layout',
  'course_teacher',
  'course_group',
  'course_bestseller',
  'is_thank_you_page',
  'slip',
  'is_coupon_or_promotion',
  'is_one_coupon_per_order',
  'is_access_rights',
  'is_enable_vat',
  'vat_value',
  'auto_cancel',
  'is_enable_tax_invoice',
  'is_enable_addon_tax',
  'is_enable_withholding_tax',
  'withholding_percents',
  'is_enable_firstname',
  'is_require_firstname',
  'is_enable_lastname',
  'is_require_lastname',
  'is_enable_tel',
  'is_require_tel',
  'is_enable_nickname',
  'is_require_nickname',
  'is_enable_address',
  'is_require_address',
  'is_enable_profile_picture',
  'is_require_profile_picture',
  'is_student_choose_group',
  'package_user_group',
  'package_tax_system',
  'package_course_curriculum',
  'package_course_comment',
  'is_enable_howtobuy',
  'is_production_mode',
] as const satisfies readonly (keyof SiteSettings)[];

export type PublicSiteSettings = Pick<SiteSettings, (typeof PUBLIC_SETTING_FIELDS)[number]>;

const SERVER_FIELDS = ['max_users', 'max_users_per_day', 'is_enable_whitelist'] as const satisfies readonly (keyof SiteSettings)[];

export type UserGroupItem = { id: number; name: string; is_default: boolean };

export type CustomLabelItem = {
  id: number;
  type_label: CustomLabelType;
  label: string;
  order_label: number;
  required: boolean;
  item_list: unknown;
};

/** The registration form's rules from the site's switches (spec section 5). */
export function registrationSettings(settings: SiteSettings, hasGroups: boolean): RegistrationSettings {
  const field = (name: 'firstname' | 'lastname' | 'tel' | 'nickname' | 'address' | 'profile_picture') => ({
    isEnable: Boolean(settings[`is_enable_${name}`]),
    isRequire: Boolean(settings[`is_enable_${name}`] && settings[`is_require_${name}`]),
  });
  return {
    firstname: field('firstname'),
    lastname: field('lastname'),
    tel: field('tel'),
    nickname: field('nickname'),
    address: field('address'),
    profileImage: field('profile_picture'),
    userGroupRequired: studentPicksGroup(settings) && hasGroups,
  };
}

/** Students choose their group only when the site lets them and the USER_GROUP package is on. */
export function studentPicksGroup(settings: SiteSettings): boolean {
  return Boolean(settings.is_student_choose_group && settings.package_user_group);
}

/** Tax invoices are asked for only when the TAX_SYSTEM package, add-on tax and the site's tax invoice are all on. */
export function taxInvoiceEnabled(settings: SiteSettings): boolean {
  return Boolean(settings.package_tax_system && settings.is_enable_addon_tax && settings.is_enable_tax_invoice);
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

    /** The active custom labels in the form's order. */
    async listCustomLabels(): Promise<CustomLabelItem[]> {
      const rows = (await strapi.db.query(LABEL_UID).findMany({
        select: ['id', 'type_label', 'label', 'order_label', 'required', 'item_list'],
        where: { $or: [{ is_active: true }, { is_active: { $null: true } }] },
        orderBy: [{ order_label: 'asc' }, { id: 'asc' }],
      })) as (Omit<CustomLabelItem, 'required' | 'order_label'> & { required: boolean | null; order_label: number | null })[];
      return rows.map((row) => ({
        id: row.id,
        type_label: row.type_label,
        label: row.label,
        order_label: row.order_label ?? 0,
        required: Boolean(row.required),
        item_list: row.item_list ?? null,
      }));
    },
  };
};
