/** Who is calling: the student behind a users-permissions JWT, checked against the site's whitelist. */
import type { Core } from '@strapi/strapi';
import { forbidden, unauthorized } from './errors';

export type Student = {
  id: number;
  username: string;
  email: string;
  blocked?: boolean;
  role?: { id: number; type: string; name: string } | null;
  [field: string]: unknown;
};

const USER_UID = 'plugin::users-permissions.user';

function bearer(ctx: any): string | null {
  const header = String(ctx.get('authorization') || '');
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match ? match[1].trim() : null;
}

/** The student of a request, or null when no valid token was sent. */
export async function findStudent(strapi: Core.Strapi, ctx: any): Promise<Student | null> {
  if (ctx.state.student !== undefined) return ctx.state.student;
  const token = bearer(ctx);
  let student: Student | null = null;
  if (token) {
    try {
      const payload = (await strapi.plugin('users-permissions').service('jwt').verify(token)) as { id?: number };
      if (payload?.id) {
        student = (await strapi.db.query(USER_UID).findOne({ where: { id: payload.id }, populate: ['role'] })) as Student | null;
      }
    } catch {
      student = null;
    }
  }
  if (student?.blocked) student = null;
  ctx.state.student = student;
  return student;
}

async function isWhitelistDenied(strapi: Core.Strapi, student: Student): Promise<boolean> {
  const setting = (await strapi.db.query('api::site-setting.site-setting').findOne({})) as Record<string, unknown> | null;
  if (!setting?.is_enable_whitelist) return false;
  return !student.is_whitelisted;
}

/** A signed-in student, or 401 PERMISSION_DENIED / WHITELIST_USER_DENIED. */
export async function requireStudent(strapi: Core.Strapi, ctx: any): Promise<Student> {
  const student = await findStudent(strapi, ctx);
  if (!student) throw unauthorized('PERMISSION_DENIED');
  if (await isWhitelistDenied(strapi, student)) throw unauthorized('WHITELIST_USER_DENIED');
  return student;
}

export const SHOP_ADMIN_ROLE = 'shop_admin';

/** A storefront administrator, or 401 without a token and 403 for anyone else. */
export async function requireShopAdmin(strapi: Core.Strapi, ctx: any): Promise<Student> {
  const student = await requireStudent(strapi, ctx);
  if (student.role?.type !== SHOP_ADMIN_ROLE) throw forbidden('PERMISSION_DENIED');
  return student;
}
