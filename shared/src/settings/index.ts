/**
 * The site's switches (the site-setting single type, answered publicly by
 * GET /api/setting/site/into/1) and the rules both sides derive from them: the
 * registration form's fields, whether a student picks a user group, whether a tax
 * invoice is asked for, the withholding rates offered (ADR 159) and the pricing
 * engine's settings. The CMS reads the row, the storefront reads the answer; both
 * apply these functions and neither restates them.
 */
import { z } from 'zod';
import { DEFAULT_VAT_MODE, VAT_MODES, WITHHOLDING_PERCENTS, type WithholdingPercent } from '../constants/index.js';
import { vatModeOf, type PricingSettings } from '../pricing/index.js';
import type { RegistrationSettings } from '../schemas/index.js';

const flag = (fallback: boolean) => z.boolean().optional().default(fallback);

/**
 * The public switches as the wire carries them. A field the answer leaves out reads as
 * off (or as the listed default); the CMS always sends every field.
 */
export const SiteSettingsSchema = z.looseObject({
  title: z
    .string()
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  layout: z
    .string()
    .nullable()
    .optional()
    .transform((value) => value || 'default'),
  course_teacher: flag(true),
  course_group: flag(true),
  course_bestseller: flag(true),
  is_thank_you_page: flag(false),
  slip: flag(false),
  is_coupon_or_promotion: flag(false),
  is_one_coupon_per_order: flag(false),
  is_access_rights: flag(false),
  is_enable_vat: flag(false),
  /** Basis points (700 = 7%). */
  vat_value: z.number().optional().default(0),
  /** Listed prices contain VAT ('included', the default) or have it added on top ('added'); ADR 182. */
  vat_mode: z
    .enum(VAT_MODES)
    .nullable()
    .optional()
    .transform((value) => value ?? DEFAULT_VAT_MODE),
  /** Hours before an unpaid order is cancelled; 0 never. */
  auto_cancel: z.number().nullable().optional().default(0),
  is_enable_tax_invoice: flag(false),
  is_enable_addon_tax: flag(false),
  is_enable_withholding_tax: flag(false),
  /** The withholding rates the site offers; see withholdingPercentsOf. */
  withholding_percents: z.array(z.number()).nullable().optional().default(null),
  is_enable_firstname: flag(true),
  is_require_firstname: flag(true),
  is_enable_lastname: flag(true),
  is_require_lastname: flag(true),
  is_enable_tel: flag(true),
  is_require_tel: flag(false),
  /** Tel keeps its 10-digit maximum but not the 9-digit minimum (spec section 5: one site is exempt). */
  is_tel_without_minimum: flag(false),
  is_enable_nickname: flag(false),
  is_require_nickname: flag(false),
  is_enable_address: flag(false),
  is_require_address: flag(false),
  is_enable_profile_picture: flag(false),
  is_require_profile_picture: flag(false),
  is_student_choose_group: flag(false),
  package_user_group: flag(false),
  package_tax_system: flag(false),
  package_course_curriculum: flag(true),
  package_course_comment: flag(true),
  is_enable_howtobuy: flag(false),
  is_production_mode: flag(false),
});

/** The public switches, read. */
export type SiteSettings = z.output<typeof SiteSettingsSchema>;

/** The fields the public settings answer holds: switches and texts, no limits. */
export const PUBLIC_SETTING_FIELDS = Object.keys(SiteSettingsSchema.shape) as (keyof typeof SiteSettingsSchema.shape)[];

/** The registration fields a site switches on (is_enable_*) and makes required (is_require_*). */
export const CONTACT_FIELDS = ['firstname', 'lastname', 'tel', 'nickname', 'address', 'profile_picture'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

type ContactSwitches = Pick<SiteSettings, `is_enable_${ContactField}` | `is_require_${ContactField}`> & Partial<Pick<SiteSettings, 'is_tel_without_minimum'>>;
type GroupSwitches = Pick<SiteSettings, 'is_student_choose_group' | 'package_user_group'>;
type TaxSwitches = Pick<SiteSettings, 'package_tax_system' | 'is_enable_addon_tax' | 'is_enable_tax_invoice'>;
/** A database row may hold null where the wire holds the default. */
type Stored<T> = { [K in keyof T]?: T[K] | null };
type PricingSwitches = Stored<Pick<SiteSettings, 'is_enable_vat' | 'vat_value' | 'vat_mode' | 'is_coupon_or_promotion' | 'is_one_coupon_per_order'>>;

/** Students choose their group only when the site lets them and the USER_GROUP package is on. */
export function studentPicksGroup(settings: GroupSwitches): boolean {
  return Boolean(settings.is_student_choose_group && settings.package_user_group);
}

/**
 * The registration form's rules (spec section 5): each contact field's is_enable and
 * is_require pair (required only when shown), and a user group when students pick one
 * and there are groups to pick.
 */
export function registrationSettings(settings: ContactSwitches & GroupSwitches, hasUserGroups: boolean): RegistrationSettings {
  const field = (name: ContactField) => ({
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
    userGroupRequired: studentPicksGroup(settings) && hasUserGroups,
    telExemptFromMinimum: Boolean(settings.is_tel_without_minimum),
  };
}

/** Tax invoices are asked for only when the TAX_SYSTEM package, add-on tax and the site's tax invoice are all on. */
export function taxInvoiceEnabled(settings: TaxSwitches): boolean {
  return Boolean(settings.package_tax_system && settings.is_enable_addon_tax && settings.is_enable_tax_invoice);
}

function isWithholdingPercent(percent: number): percent is WithholdingPercent {
  return (WITHHOLDING_PERCENTS as readonly number[]).includes(percent);
}

/**
 * The withholding rates offered and accepted (ADR 159): the spec's rates (3, the default,
 * and 1) that the site's list names, in the list's order; both when the site sets no list
 * or its list names neither.
 */
export function withholdingPercentsOf(settings: { withholding_percents?: unknown } | null | undefined): WithholdingPercent[] {
  const listed = Array.isArray(settings?.withholding_percents) ? (settings.withholding_percents as unknown[]).map(Number) : [];
  const offered = [...new Set(listed.filter(isWithholdingPercent))];
  return offered.length > 0 ? offered : [...WITHHOLDING_PERCENTS];
}

/** The pricing engine's settings from the site's switches; a missing switch is off, a missing VAT rate 0, a missing VAT mode included. */
export function pricingSettingsOf(settings: PricingSwitches | null | undefined): PricingSettings {
  return {
    vatEnabled: Boolean(settings?.is_enable_vat),
    // stored in basis points already (700 = 7%)
    vatBasisPoints: settings?.vat_value ?? 0,
    vatMode: vatModeOf(settings?.vat_mode),
    couponOrPromotion: Boolean(settings?.is_coupon_or_promotion),
    oneCouponPerOrder: Boolean(settings?.is_one_coupon_per_order),
  };
}
