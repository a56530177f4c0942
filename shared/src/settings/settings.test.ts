import { describe, expect, it } from 'vitest';
import { PUBLIC_SETTING_FIELDS, SiteSettingsSchema, pricingSettingsOf, registrationSettings, studentPicksGroup, taxInvoiceEnabled, withholdingPercentsOf, type SiteSettings } from './index.js';

const SETTINGS: SiteSettings = SiteSettingsSchema.parse({
  is_enable_firstname: true,
  is_require_firstname: true,
  is_enable_lastname: true,
  is_require_lastname: false,
  is_enable_tel: false,
  is_require_tel: true,
  is_student_choose_group: true,
  package_user_group: true,
  package_tax_system: true,
  is_enable_addon_tax: true,
  is_enable_tax_invoice: true,
  withholding_percents: [3, 1],
  is_enable_vat: true,
  vat_value: 700,
});

describe('SiteSettingsSchema', () => {
  it('reads a missing switch as its default and keeps fields it does not list', () => {
    const read = SiteSettingsSchema.parse({ layout: null, extra: 'kept' });
    expect(read).toMatchObject({ title: null, layout: 'default', course_teacher: true, is_enable_vat: false, vat_value: 0, auto_cancel: 0, withholding_percents: null, extra: 'kept' });
  });

  it('lists the public fields from the one shape', () => {
    expect(PUBLIC_SETTING_FIELDS).toContain('withholding_percents');
    expect(PUBLIC_SETTING_FIELDS).toContain('is_production_mode');
    expect(PUBLIC_SETTING_FIELDS).not.toContain('max_users');
  });
});

describe('registrationSettings', () => {
  it('shows a field when enabled and requires it only when shown', () => {
    const rules = registrationSettings(SETTINGS, true);
    expect(rules.firstname).toEqual({ isEnable: true, isRequire: true });
    expect(rules.lastname).toEqual({ isEnable: true, isRequire: false });
    expect(rules.tel).toEqual({ isEnable: false, isRequire: false });
    expect(rules.profileImage).toEqual({ isEnable: false, isRequire: false });
    expect(rules.userGroupRequired).toBe(true);
  });

  it('keeps the 9-digit minimum of a tel unless the site switches it off', () => {
    expect(registrationSettings(SETTINGS, true).telExemptFromMinimum).toBe(false);
    expect(registrationSettings({ ...SETTINGS, is_tel_without_minimum: true }, true).telExemptFromMinimum).toBe(true);
  });

  it('asks for no group when there is none to pick', () => {
    expect(registrationSettings(SETTINGS, false).userGroupRequired).toBe(false);
  });
});

describe('studentPicksGroup', () => {
  it('needs both the site switch and the USER_GROUP package', () => {
    expect(studentPicksGroup({ is_student_choose_group: true, package_user_group: true })).toBe(true);
    expect(studentPicksGroup({ is_student_choose_group: true, package_user_group: false })).toBe(false);
    expect(studentPicksGroup({ is_student_choose_group: false, package_user_group: true })).toBe(false);
  });
});

describe('taxInvoiceEnabled', () => {
  it('needs the TAX_SYSTEM package, add-on tax and the tax invoice switch', () => {
    expect(taxInvoiceEnabled(SETTINGS)).toBe(true);
    expect(taxInvoiceEnabled({ ...SETTINGS, package_tax_system: false })).toBe(false);
    expect(taxInvoiceEnabled({ ...SETTINGS, is_enable_addon_tax: false })).toBe(false);
    expect(taxInvoiceEnabled({ ...SETTINGS, is_enable_tax_invoice: false })).toBe(false);
  });
});

describe('withholdingPercentsOf', () => {
  it.each([
    ['no list', null, [3, 1]],
    ['no row', undefined, [3, 1]],
    ['both', [3, 1], [3, 1]],
    ['the list order', [1, 3], [1, 3]],
    ['one rate', [1], [1]],
    ['stored as text', ['3'], [3]],
    ['a rate the spec does not offer, dropped', [5, 1], [1]],
    ['only unknown rates: both', [5], [3, 1]],
    ['an empty list: both', [], [3, 1]],
    ['a repeated rate once', [3, 3], [3]],
    ['not a list: both', 'x', [3, 1]],
  ])('%s', (_name, listed, offered) => {
    expect(withholdingPercentsOf({ withholding_percents: listed })).toEqual(offered);
  });

  it('offers both without settings', () => {
    expect(withholdingPercentsOf(null)).toEqual([3, 1]);
  });
});

describe('pricingSettingsOf', () => {
  it('maps the switches to the engine settings', () => {
    expect(pricingSettingsOf({ ...SETTINGS, is_one_coupon_per_order: true })).toEqual({
      vatEnabled: true,
      vatBasisPoints: 700,
      vatMode: 'included',
      couponOrPromotion: false,
      oneCouponPerOrder: true,
    });
  });

  it('carries the VAT mode: added on top when the site says so, included otherwise', () => {
    expect(pricingSettingsOf({ ...SETTINGS, vat_mode: 'added' }).vatMode).toBe('added');
    expect(pricingSettingsOf({ ...SETTINGS, vat_mode: null }).vatMode).toBe('included');
    expect(SiteSettingsSchema.parse({}).vat_mode).toBe('included');
    expect(SiteSettingsSchema.parse({ vat_mode: 'added' }).vat_mode).toBe('added');
    expect(SiteSettingsSchema.safeParse({ vat_mode: 'on top' }).success).toBe(false);
  });

  it('reads a missing row or null columns as off', () => {
    const off = { vatEnabled: false, vatBasisPoints: 0, vatMode: 'included', couponOrPromotion: false, oneCouponPerOrder: false };
    expect(pricingSettingsOf(null)).toEqual(off);
    expect(pricingSettingsOf({ is_enable_vat: null, vat_value: null })).toEqual(off);
  });
});
