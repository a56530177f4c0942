/**
 * The site's switches (GET /api/setting/site/into/1) read as the checkout's rules. Pure,
 * so the loader, the action and the browser derive the same form from the same answer.
 */
import type { PricingSettings } from '@sala/shared/pricing';
import type { RegistrationSettings } from '@sala/shared/schemas';

export type SiteSwitches = {
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
  is_enable_addon_tax: boolean;
  is_enable_tax_invoice: boolean;
  is_enable_withholding_tax: boolean;
  withholding_percents: number[] | null;
  is_enable_vat: boolean;
  vat_value: number;
  is_coupon_or_promotion: boolean;
  is_one_coupon_per_order: boolean;
};

type ContactField = 'firstname' | 'lastname' | 'tel' | 'nickname' | 'address' | 'profile_picture';

/** Students choose their group only when the site lets them and the USER_GROUP package is on. */
export function studentPicksGroup(settings: Pick<SiteSwitches, 'is_student_choose_group' | 'package_user_group'>): boolean {
  return Boolean(settings.is_student_choose_group && settings.package_user_group);
}

/** The contact form's rules: each field's is_enable/is_require pair, and the user group when groups apply. */
export function registrationSettingsFrom(settings: SiteSwitches, hasUserGroups: boolean): RegistrationSettings {
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
  };
}

/** Tax invoices are asked for only when the TAX_SYSTEM package, add-on tax and the site's tax invoice are all on. */
export function taxInvoiceEnabledBy(settings: SiteSwitches): boolean {
  return Boolean(settings.package_tax_system && settings.is_enable_addon_tax && settings.is_enable_tax_invoice);
}

/** The withholding rates offered: the site's list when it sets one (3 and 1 are the only rates), else both. */
export function withholdingPercentsOf(settings: SiteSwitches): (3 | 1)[] {
  const allowed = (settings.withholding_percents ?? [3, 1]).filter((percent): percent is 3 | 1 => percent === 3 || percent === 1);
  return allowed.length > 0 ? allowed : [3, 1];
}

export function pricingSettingsFrom(settings: SiteSwitches): PricingSettings {
  return {
    vatEnabled: Boolean(settings.is_enable_vat),
    // stored in basis points (700 = 7%)
    vatBasisPoints: settings.vat_value ?? 0,
    couponOrPromotion: Boolean(settings.is_coupon_or_promotion),
    oneCouponPerOrder: Boolean(settings.is_one_coupon_per_order),
  };
}
