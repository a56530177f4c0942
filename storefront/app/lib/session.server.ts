/**
 * The visitor's session: a signed, httpOnly cookie that holds the signed-in student's CMS
 * token (JWT) and the unpaid order of a checkout in progress. The token never reaches
 * browser code; loaders and actions read it here and pass it to cms.server.ts.
 * See docs/decisions/100-storefront-session-and-checkout.md.
 */
import { createCookieSessionStorage, type Session, type SessionStorage } from '@remix-run/node';
import { getEnv } from '../env.server';

export const SESSION_COOKIE_NAME = '__sala_session';
/** As long as the CMS's own tokens live (users-permissions issues them for 7 days). */
const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

/** The signed-in student as the storefront keeps them. */
export type SessionStudent = { jwt: string; userId: number; username: string; name: string; email: string };

/** An order placed from a course page and not paid yet: a repeat submit goes straight to its payment. */
export type PendingOrder = { id: number; token: string; courseId: number; paymentMethodId: number };

/** The order a buyer finished last: the thank-you page shows it when its token is asked for. */
export type LastOrder = { id: number; token: string };

type SessionData = { student: SessionStudent; pendingOrder: PendingOrder; lastOrder: LastOrder };

/** Read once: the order whose hosted payment link could not be made, for the order list's failure notice (ADR 178). */
type SessionFlashData = { paymentFailed: number };

let storage: SessionStorage<SessionData, SessionFlashData> | undefined;

function sessionStorage(): SessionStorage<SessionData, SessionFlashData> {
  if (!storage) {
    const env = getEnv();
    storage = createCookieSessionStorage<SessionData, SessionFlashData>({
      cookie: {
        name: SESSION_COOKIE_NAME,
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: env.SESSION_COOKIE_SECURE,
        secrets: [env.SESSION_SECRET],
        maxAge: SESSION_MAX_AGE_SECONDS,
      },
    });
  }
  return storage;
}

export type AppSession = Session<SessionData, SessionFlashData>;

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get('cookie'));
}

export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: AppSession): Promise<string> {
  return sessionStorage().destroySession(session);
}

/** The signed-in student of a request, or null for a visitor. */
export async function getSessionStudent(request: Request): Promise<SessionStudent | null> {
  return (await getSession(request)).get('student') ?? null;
}

/** True when the request carries our session cookie at all: such pages are never cached publicly. */
export function hasSessionCookie(request: Request): boolean {
  return (request.headers.get('cookie') ?? '').split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE_NAME}=`));
}
