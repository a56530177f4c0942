/**
 * The site switches the course page, the cart lookups and the playlist read. A site
 * without its settings entry behaves as the content model's defaults say.
 */
import type { Core } from '@strapi/strapi';

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

type SettingRow = {
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
  })) ?? {}) as SettingRow;
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
