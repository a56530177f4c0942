/**
 * The site settings entry, as the features read it: the page switches the course page, the
 * cart lookups, the comments and the playlist read (a site without its settings entry behaves
 * as the content model's defaults say), and the switches an order prices with, which the
 * request guard reads in the same statement as the whitelist switch (docs/decisions/147).
 */
import type { Core } from '@strapi/strapi';
import type { SiteSettings } from '@sala/shared/settings';

const SETTING_UID = 'api::site-setting.site-setting';

export type PageSettings = {
  title: string | null;
  layout: string;
  /** Related lists below the course: by teacher, by group, best sellers. */
  courseTeacher: boolean;
  courseGroup: boolean;
  courseBestseller: boolean;
  /** The access-rights setting and the USER_GROUP package switch (course access by user group). */
  accessRights: boolean;
  userGroupSwitch: boolean;
  /** COURSE_CURRICULUM and COURSE_COMMENT package switches. */
  curriculumSwitch: boolean;
  commentSwitch: boolean;
  howToBuyEnabled: boolean;
  howToBuyDescription: string | null;
};

type PageSettingRow = {
  title?: string | null;
  layout?: string | null;
  course_teacher?: boolean | null;
  course_group?: boolean | null;
  course_bestseller?: boolean | null;
  is_access_rights?: boolean | null;
  package_user_group?: boolean | null;
  package_course_curriculum?: boolean | null;
  package_course_comment?: boolean | null;
  is_enable_howtobuy?: boolean | null;
  howtobuy_description?: string | null;
};

/** The site-setting columns an order reads (its pricing switches, expiry and withholding), typed as the shared settings; a row nobody saved holds nulls. */
export const ORDER_SETTING_FIELDS = [
  'is_enable_vat',
  'vat_value',
  'vat_mode',
  'is_coupon_or_promotion',
  'is_one_coupon_per_order',
  'auto_cancel',
  'is_enable_withholding_tax',
  'withholding_percents',
] as const satisfies readonly (keyof SiteSettings)[];

export type OrderSettingRow = { [K in (typeof ORDER_SETTING_FIELDS)[number]]?: SiteSettings[K] | null };

const flag = (value: boolean | null | undefined, fallback: boolean) => (value === null || value === undefined ? fallback : value === true);

export async function readPageSettings(strapi: Core.Strapi): Promise<PageSettings> {
  const row = ((await strapi.db.query(SETTING_UID).findOne({
    select: [
      'title',
      'layout',
      'course_teacher',
      'course_group',
      'course_bestseller',
      'is_access_rights',
      'package_user_group',
      'package_course_curriculum',
      'package_course_comment',
      'is_enable_howtobuy',
      'howtobuy_description',
    ],
  })) ?? {}) as PageSettingRow;
  return {
    title: row.title ?? null,
    layout: row.layout || 'default',
    courseTeacher: flag(row.course_teacher, true),
    courseGroup: flag(row.course_group, true),
    courseBestseller: flag(row.course_bestseller, true),
    accessRights: flag(row.is_access_rights, false),
    userGroupSwitch: flag(row.package_user_group, true),
    curriculumSwitch: flag(row.package_course_curriculum, true),
    commentSwitch: flag(row.package_course_comment, true),
    howToBuyEnabled: flag(row.is_enable_howtobuy, false),
    howToBuyDescription: row.howtobuy_description ?? null,
  };
}
