/**
 * POST /courses/{courseId}-{slug}/learn/progress: where the signed-in student is in a lecture
 * (lectureId, position in seconds, completed), sent by the playlist while a video plays and
 * as the page is left (sendBeacon). The student is the session's: the browser never names one.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { CmsApiError, CmsError } from '~/lib/cms.server';
import { parseCourseId } from '~/models/course-path';
import { getLocale } from '~/lib/i18n.server';
import { ProgressFormSchema, saveProgress } from '~/lib/learning.server';
import { getSession } from '~/lib/session.server';

const NO_STORE = { 'Cache-Control': 'no-store' };

export async function loader() {
  return Response.json({ ok: false, code: 'METHOD_NOT_ALLOWED' }, { status: 405, headers: { ...NO_STORE, Allow: 'POST' } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const courseId = parseCourseId(params.id);
  if (courseId === null) return Response.json({ ok: false, code: 'NOT_FOUND' }, { status: 404, headers: NO_STORE });
  const student = (await getSession(request)).get('student');
  if (!student) return Response.json({ ok: false, code: 'UNAUTHORIZED' }, { status: 401, headers: NO_STORE });
  const parsed = ProgressFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return Response.json({ ok: false, code: 'INPUT_ERROR' }, { status: 400, headers: NO_STORE });
  try {
    const saved = await saveProgress(courseId, parsed.data, { jwt: student.jwt, locale: getLocale(request), signal: request.signal });
    return Response.json({ ok: true, ...saved }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof CmsApiError) return Response.json({ ok: false, code: error.code }, { status: error.status, headers: NO_STORE });
    if (error instanceof CmsError) return Response.json({ ok: false, code: 'CMS_UNAVAILABLE' }, { status: 503, headers: NO_STORE });
    throw error;
  }
}
