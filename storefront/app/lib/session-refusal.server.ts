/**
 * A CMS refusal of the student's token, as the modal it shows (ADR 179): the site header's
 * private calls find it on every page view of a signed-in student, and the actions that upload
 * a file or price an order answer it instead of failing.
 */
import { sessionRefusalOf, type SessionRefusal } from '~/models/session/refusal';
import { CmsApiError } from './cms.server';

export type { SessionRefusal };

/** The modal a CMS error asks for, or null when the error is not a refusal of the session. */
export function sessionRefusal(error: unknown): SessionRefusal | null {
  return error instanceof CmsApiError ? sessionRefusalOf(error) : null;
}

/**
 * What a private page's loader throws when the CMS refused the student's token: a 401 notice
 * under the session modal. Not a redirect to the sign-in page, which would send a session still
 * holding the refused token straight back here.
 */
export function sessionRefusedPage(): Response {
  return new Response(null, { status: 401, headers: { 'Cache-Control': 'private, no-store' } });
}
