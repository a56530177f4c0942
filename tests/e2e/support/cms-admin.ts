/**
 * Edits content the way an editor does in the Strapi admin: an admin JWT from
 * POST /admin/login, then the content-manager API the admin panel itself calls.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { CMS_URL, SEEDED_ADMIN } from './servers';

const COURSE_UID = 'api::course.course';

export type AdminSession = { token: string };
export type CourseDocument = { id: number; documentId: string; title: string; slug: string | null };

export async function loginAdmin(request: APIRequestContext, admin = SEEDED_ADMIN): Promise<AdminSession> {
  const response = await request.post(`${CMS_URL}/admin/login`, { data: admin });
  expect(response.status(), `admin login as ${admin.email}: ${await response.text()}`).toBe(200);
  const body = (await response.json()) as { data: { token: string } };
  return { token: body.data.token };
}

function auth(session: AdminSession) {
  return { authorization: `Bearer ${session.token}` };
}

export async function findCourse(request: APIRequestContext, session: AdminSession, id: number): Promise<CourseDocument> {
  const response = await request.get(`${CMS_URL}/content-manager/collection-types/${COURSE_UID}`, {
    headers: auth(session),
    params: { page: 1, pageSize: 10, 'filters[$and][0][id][$eq]': id },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { results: CourseDocument[] };
  const course = body.results.find((result) => result.id === id);
  expect(course, `course ${id} in the content manager`).toBeDefined();
  return course!;
}

export async function updateCourse(request: APIRequestContext, session: AdminSession, documentId: string, data: Record<string, unknown>) {
  const response = await request.put(`${CMS_URL}/content-manager/collection-types/${COURSE_UID}/${documentId}`, {
    headers: auth(session),
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
}
