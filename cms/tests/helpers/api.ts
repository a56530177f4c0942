/** JSON calls to a test CMS over real HTTP, and buyers made straight in its database with real JWTs. */
import type { TestStrapi } from './strapi';

export type Answer = { status: number; body: any };
export type Buyer = { id: number; email: string; jwt: string };

/**
 * `call(method, path, who, body)`: a JSON request as `who` (a visitor when null), answered with
 * its status and parsed body. The CMS is read when called: it starts in `beforeAll`.
 */
export function jsonCaller(cms: () => TestStrapi) {
  return async function call(method: string, pathname: string, who?: { jwt: string } | null, body?: unknown): Promise<Answer> {
    const res = await fetch(`${cms().url}${pathname}`, {
      method,
      headers: { 'content-type': 'application/json', connection: 'close', ...(who ? { authorization: `Bearer ${who.jwt}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
}

let sequence = 0;

/** A confirmed student of the authenticated role named `{prefix}.{n}`, with `fields` on top. */
export async function createBuyer(cms: TestStrapi, prefix: string, fields: Record<string, unknown> = {}): Promise<Buyer> {
  const role = await cms.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  const id = ++sequence;
  const email = `${prefix}.${id}@sala.test`;
  const user = await cms.strapi.db.query('plugin::users-permissions.user').create({
    data: { username: `${prefix}.${id}`, email, tel: '0891234567', provider: 'local', confirmed: true, blocked: false, role: role.id, ...fields },
  });
  return { id: user.id, email, jwt: cms.strapi.plugin('users-permissions').service('jwt').issue({ id: user.id }) };
}
