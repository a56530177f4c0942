/**
 * GET /realtime/ticket: a short-lived ticket for the signed-in student's real-time sign-in
 * (ADR 157), issued by the CMS on a private call with the student's token, which stays in the
 * session cookie. Never cached. The page asks again on every (re)connection, so a tab whose
 * student signed out (here or in another tab) or whose token the CMS revoked asks too: it gets
 * `{ ticket: null }` and stays unconnected. That is an expected answer, not an error the browser
 * would log for a 401; nothing is given away, the answer is the same for any visitor. Another
 * site cannot read the answer (no CORS), and its requests carry no session cookie (SameSite=Lax).
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { CmsApiError, getRealtimeTicket } from '~/lib/cms.server';
import { getSessionStudent } from '~/lib/session.server';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

const NO_TICKET = () => Response.json({ ticket: null }, { headers: PRIVATE });

export async function loader({ request }: LoaderFunctionArgs) {
  const student = await getSessionStudent(request);
  if (!student?.jwt) return NO_TICKET();
  try {
    const { ticket, userId } = await getRealtimeTicket({ jwt: student.jwt, signal: request.signal });
    return Response.json({ ticket, userId }, { headers: PRIVATE });
  } catch (error) {
    if (error instanceof CmsApiError && error.status === 401) return NO_TICKET();
    throw error;
  }
}
