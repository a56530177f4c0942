/**
 * Sign-in and sign-out shared by /cart, /login, /register and /logout: a sign-in keeps the
 * student's token in the session cookie and goes back where the visitor came from; only
 * paths of this site are followed (no open redirect).
 */
import { data, redirect } from '@remix-run/node';
import { getEnv } from '~/env.server';
import { translatorFromTexts } from '~/models/i18n';
import { logOutStudent } from './cms.server';
import { submitLogin } from './course-page.server';
import { getLocale, getTexts } from './i18n.server';
import { commitSession, getSession } from './session.server';

export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * A local path to go back to, or the fallback for anything else: another host (`//host`,
 * `/\\host`, a scheme), any control character (a browser drops a tab or a newline, so
 * `/\t/evil.example` would become `//evil.example`), and anything whose address, resolved
 * against the public origin, is not on it. The answer is the resolved path, query and hash.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof target !== 'string') return fallback;
  const value = target.trim();
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[\u0000-\u001f\u007f\\]|%(?:[01][0-9a-f]|7f)/i.test(value)) return fallback;
  const origin = getEnv().PUBLIC_URL;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login post of a panel: a redirect with the session cookie, or the form's reply with its Thai message. */
export async function handleLoginPost(request: Request, formData: FormData, fallback: string) {
  const locale = getLocale(request);
  const t = translatorFromTexts(await getTexts(locale, request.signal));
  const session = await getSession(request);
  const { result, setCookie } = await submitLogin({ formData, session, locale, t, signal: request.signal });
  if ('ok' in result && result.ok && setCookie) {
    return redirect(safeRedirect(formData.get('redirect'), fallback), { headers: { 'Set-Cookie': setCookie, 'Cache-Control': PRIVATE_NO_STORE } });
  }
  return data(result, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
}

/**
 * Signs the visitor out: the CMS revokes the student's tokens (so a copy of this one stops
 * working too, ADR 157), and the token and any order in progress leave the session. A CMS
 * that cannot be reached does not keep the visitor signed in here.
 */
export async function logOut(request: Request, to: string) {
  const session = await getSession(request);
  const jwt = session.get('student')?.jwt;
  if (jwt) {
    await logOutStudent({ jwt, signal: request.signal }).catch((error: unknown) => {
      console.warn(`[logout] the CMS did not revoke the token: ${(error as Error)?.message ?? error}`);
    });
  }
  session.unset('student');
  session.unset('pendingOrder');
  return redirect(to, { headers: { 'Set-Cookie': await commitSession(session), 'Cache-Control': PRIVATE_NO_STORE } });
}
