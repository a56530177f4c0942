/**
 * What the storefront shows when the CMS refuses a signed-in student's token (spec §6, ADR 179):
 * WHITELIST_USER_DENIED asks the student to sign out; any other Unauthorized answer means the
 * session ran out and asks them to sign in again.
 */
export type SessionRefusal = 'expired' | 'signout';

/** The refusal of a CMS answer (its HTTP status and error code), or null when it is not one. */
export function sessionRefusalOf(answer: { status: number; code?: string | null }): SessionRefusal | null {
  if (answer.status !== 401) return null;
  return answer.code === 'WHITELIST_USER_DENIED' ? 'signout' : 'expired';
}

/** Where "sign in again" goes: the sign-in page, coming back to the page the student was on. */
export function signInAgainPath(location: { pathname: string; search: string }): string {
  return `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}
