/** Strapi admin users made straight in a test CMS, signed in over real HTTP for their admin token. */
import type { TestStrapi } from './strapi';

let sequence = 0;

/** An active admin with the given roles (the super admin's when none), and the token `/admin/login` gives them. */
export async function signInAdmin(cms: TestStrapi, roleIds?: number[]): Promise<{ id: number; token: string }> {
  const roles = roleIds ?? [(await cms.strapi.service('admin::role').getSuperAdmin()).id];
  const email = `staff.${process.pid}.${++sequence}@sala.test`;
  const password = 'Staff-password-1';
  const user = await cms.strapi.service('admin::user').create({ email, password, firstname: 'พนักงาน', lastname: 'ร้าน', isActive: true, registrationToken: null, roles });
  const login = await fetch(`${cms.url}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (login.status !== 200) throw new Error(`admin sign-in answered ${login.status}`);
  return { id: user.id, token: ((await login.json()) as { data: { token: string } }).data.token };
}

/** A GET to the admin API with an admin token (or none), answered with status and parsed body. */
export async function adminGet(cms: TestStrapi, pathname: string, token: string | null): Promise<{ status: number; body: any }> {
  const res = await fetch(`${cms.url}${pathname}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
