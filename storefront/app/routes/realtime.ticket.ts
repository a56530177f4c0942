/**
 * GET /realtime/ticket: a short-lived ticket for the signed-in student's real-time sign-in
 * (ADR 157), issued by the CMS on a private call with the student's token, which stays in the
 * session cookie. 401 for a visitor (or a revoked token); never cached. The page asks again
 * on every (re)connection. Another site cannot read the answer (no CORS), and its requests
 * carry no session cookie (SameSite=Lax).
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { CmsApiError, getRealtimeTicket } from '~/lib/cms.server';
import { getSessionStudent } from '~/lib/session.server';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

export async function loader({ request }: LoaderFunctionArgs) {
  const student = await getSessionStudent(request);
  if (!student?.jwt) return Response.json({ error: 'PERMISSION_DENIED' }, { status: 401, headers: PRIVATE });
  try {
    const { ticket, userId } = await getRealtimeTicket({ jwt: student.jwt, signal: request.signal });
    return Response.json({ ticket, userId }, { headers: PRIVATE });
  } catch (error) {
    if (error instanceof CmsApiError && error.status === 401) return Response.json({ error: 'PERMISSION_DENIED' }, { status: 401, headers: PRIVATE });
    throw error;
  }
}
