/** Test students: real users-permissions users with real JWTs. */
import { randomBytes } from 'node:crypto';

export type TestStudent = { id: number; username: string; email: string; jwt: string; auth: Record<string, string> };

export async function createStudent(strapi: any, overrides: Record<string, unknown> = {}): Promise<TestStudent> {
  const tag = randomBytes(4).toString('hex');
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: overrides.roleType ?? 'authenticated' } });
  const { roleType: _ignored, ...fields } = overrides;
  const user = await strapi
    .plugin('users-permissions')
    .service('user')
    .add({
      username: `student.${tag}`,
      email: `student.${tag}@example.com`,
      password: 'secret123',
      provider: 'local',
      confirmed: true,
      blocked: false,
      role: role.id,
      firstname: 'ทดสอบ',
      lastname: tag,
      ...fields,
    });
  const jwt = strapi.plugin('users-permissions').service('jwt').issue({ id: user.id });
  return { id: user.id, username: user.username, email: user.email, jwt, auth: { authorization: `Bearer ${jwt}` } };
}
