import type { Core } from '@strapi/strapi';
import { ROLE_TYPES, ensureSalaRoles } from '../extensions/users-permissions/roles';
import { ADMIN_ROLES, ensureAdminRoles } from '../admin-access/roles';

/** The demo sign-ins, printed by the start script and listed in the README. */
export const DEMO_ACCOUNTS = {
  admin: { area: 'Strapi admin (/admin)', email: 'admin@sala.local', password: 'Sala-admin-1', role: 'Super Admin' },
  contentEditor: { area: 'Strapi admin (/admin)', email: 'editor@sala.local', password: 'Sala-editor-1', role: ADMIN_ROLES.contentEditor.name },
  marketer: { area: 'Strapi admin (/admin)', email: 'marketer@sala.local', password: 'Sala-marketer-1', role: ADMIN_ROLES.marketer.name },
  student: { area: 'storefront', username: 'demo.student', email: 'demo.student@sala.local', password: 'demo1234', role: ROLE_TYPES.student },
  shopAdmin: { area: 'storefront', username: 'demo.admin', email: 'demo.admin@sala.local', password: 'demo1234', role: ROLE_TYPES.shopAdmin },
  instructor: { area: 'storefront', username: 'demo.teacher', email: 'demo.teacher@sala.local', password: 'demo1234', role: ROLE_TYPES.instructor },
} as const;

/** The storefront demo accounts; they share one password. */
export const DEMO_STOREFRONT_PASSWORD = 'demo1234';

export type StorefrontAccount = {
  username: string;
  email: string;
  password: string;
  role: string;
  firstname: string;
  lastname: string;
  nickname?: string;
  tel?: string;
  address?: string;
  user_group?: number;
};

async function roleId(strapi: Core.Strapi, type: string): Promise<number> {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type } });
  if (!role) throw new Error(`users-permissions role "${type}" is missing`);
  return role.id;
}

/** Hashes a password as users-permissions does (bcrypt, the attribute's rounds). */
export async function hashPassword(strapi: Core.Strapi, password: string): Promise<string> {
  const hashed = await strapi.plugin('users-permissions').service('user').ensureHashedPasswords({ password });
  return hashed.password;
}

/**
 * Finds a storefront account by username or creates it with an already hashed password:
 * the demo accounts share one password, and hashing it once keeps the seed fast.
 */
export async function ensureStorefrontAccount(strapi: Core.Strapi, account: Omit<StorefrontAccount, 'password'>, passwordHash: string): Promise<number> {
  const users = strapi.db.query('plugin::users-permissions.user');
  const existing = await users.findOne({ where: { username: account.username } });
  if (existing) return existing.id;
  const { role, ...fields } = account;
  const created = await users.create({
    data: { ...fields, password: passwordHash, provider: 'local', confirmed: true, blocked: false, role: await roleId(strapi, role) },
  });
  return created.id;
}

type AdminService = { create: (attributes: Record<string, unknown>) => Promise<unknown> };

async function ensureAdminAccount(strapi: Core.Strapi, account: { email: string; password: string }, roleId: number, firstname: string): Promise<void> {
  if (await strapi.db.query('admin::user').findOne({ where: { email: account.email } })) return;
  await (strapi.service('admin::user') as unknown as AdminService).create({
    email: account.email,
    password: account.password,
    firstname,
    lastname: 'ศาลา',
    isActive: true,
    registrationToken: null,
    roles: [roleId],
    // the admin opens in Thai for them (ADR 163)
    preferedLanguage: 'th',
  });
}

/**
 * The demo's admin accounts: the super admin, a content editor and a marketer, each created
 * with the admin user service (the password hashed) when missing. Demo data only: production
 * seeds them only with SEED_DEMO=true (ADR 156).
 */
export async function ensureDemoAdmin(strapi: Core.Strapi): Promise<void> {
  const superAdmin = await strapi.service('admin::role').getSuperAdmin();
  if (!superAdmin) throw new Error('the Strapi super admin role is missing');
  const roles = await ensureAdminRoles(strapi);
  await ensureAdminAccount(strapi, DEMO_ACCOUNTS.admin, superAdmin.id, 'ผู้ดูแล');
  await ensureAdminAccount(strapi, DEMO_ACCOUNTS.contentEditor, roles.contentEditor, 'ผู้แก้ไขเนื้อหา');
  await ensureAdminAccount(strapi, DEMO_ACCOUNTS.marketer, roles.marketer, 'นักการตลาด');
}

export { ensureSalaRoles, ROLE_TYPES };
