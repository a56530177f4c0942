import type { Core } from '@strapi/strapi';

/** Storefront roles by their users-permissions `type`; the type is what code checks, never the id or name. */
export const ROLE_TYPES = {
  student: 'authenticated',
  shopAdmin: 'shop_admin',
  instructor: 'instructor',
  public: 'public',
} as const;

const SALA_ROLES = [
  { type: ROLE_TYPES.student, name: 'Student', description: 'A registered storefront account: buys courses and studies them.' },
  { type: ROLE_TYPES.shopAdmin, name: 'Shop administrator', description: 'Storefront administrators: approve payments and manage orders from the storefront.' },
  { type: ROLE_TYPES.instructor, name: 'Instructor', description: 'Teaches courses; an instructor who is not a student may not buy.' },
] as const;

/**
 * Creates the shop_admin and instructor roles when missing and names the default
 * authenticated role "Student". No role gets a permission on the generated
 * content-API routes: the storefront reads and writes through custom routes.
 */
export async function ensureSalaRoles(strapi: Core.Strapi): Promise<void> {
  const roles = strapi.db.query('plugin::users-permissions.role');
  for (const role of SALA_ROLES) {
    const existing = await roles.findOne({ where: { type: role.type } });
    if (!existing) {
      await roles.create({ data: role });
    } else if (role.type === ROLE_TYPES.student && existing.name === 'Authenticated') {
      await roles.update({ where: { id: existing.id }, data: { name: role.name, description: role.description } });
    }
  }
}

/**
 * Strapi's own sign-up and password sign-in (`/api/auth/local/register`, `/api/auth/local`)
 * would skip the storefront's rules: sign-up limits, the whitelist, login rate limits.
 * Students register and sign in through /public/students/*, so the public role loses both.
 */
// Password resets go through /public/students/forgot-password, whose link leads to the storefront.
const PUBLIC_ACTIONS_REVOKED = [
  'plugin::users-permissions.auth.register',
  'plugin::users-permissions.auth.callback',
  'plugin::users-permissions.auth.forgotPassword',
  'plugin::users-permissions.auth.resetPassword',
];

export async function revokeBuiltInSignIn(strapi: Core.Strapi): Promise<void> {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: ROLE_TYPES.public } });
  if (role) {
    await strapi.db.query('plugin::users-permissions.permission').deleteMany({
      where: { action: { $in: PUBLIC_ACTIONS_REVOKED }, role: role.id },
    });
  }
  const store = strapi.store({ type: 'plugin', name: 'users-permissions', key: 'advanced' });
  const advanced = ((await store.get()) ?? {}) as Record<string, unknown>;
  if (advanced.allow_register !== false) await store.set({ value: { ...advanced, allow_register: false } });
}
