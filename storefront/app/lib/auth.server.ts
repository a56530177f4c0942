/**
 * Sign-in and sign-out shared by /cart, /login, /register and /logout: a sign-in keeps the
 * student's token in the session cookie and goes back where the visitor came from; only
 * paths of this site are followed (no open redirect).
 */
import { data, redirect } from '@remix-run/node';
import { translatorFromTexts } from '~/components/checkout/settings';
import { submitLogin } from './course-page.server';
import { getLocale, getTexts } from './i18n.server';
import { commitSession, getSession } from './session.server';

export const PRIVATE_NO_STORE = 'private, no-store';

/** A local path to go back to, or the fallback for anything else (another host, `//host`, a scheme). */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof target !== 'string') return fallback;
  const value = target.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
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

/** Signs the visitor out: the token and any order in progress leave the session. */
export async function logOut(request: Request, to: string) {
  const session = await getSession(request);
  session.unset('student');
  session.unset('pendingOrder');
  return redirect(to, { headers: { 'Set-Cookie': await commitSession(session), 'Cache-Control': PRIVATE_NO_STORE } });
}
