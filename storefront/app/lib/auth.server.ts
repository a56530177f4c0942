/**
 * Signing in, signing out and resetting a password, shared by the course page, /cart,
 * /login, /register, /logout, /forgotpass and /resetpassword: a sign-in keeps the student's
 * token in the session cookie and goes back where the visitor came from; only paths of this
 * site are followed (no open redirect).
 */
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from '@remix-run/node';
import { buildLoginSchema } from '@sala/shared/schemas';
import type { Translate } from '@sala/shared/texts';
import { z } from 'zod';
import { getEnv } from '~/env.server';
import { translatorFromTexts, type Locale } from '~/models/i18n';
import { CmsApiError, cmsErrorMessage, logInStudent, logOutStudent, postJson, type CallOptions } from './cms.server';
import { getLocale, getTexts } from './i18n.server';
import { commitSession, getSession, type AppSession, type SessionStudent } from './session.server';

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

/* ------------------------------------------------------------------ sign-in */

/** The session's student from the CMS's answer to a sign-in or a registration. */
export function studentFromLogin(login: { jwt: string; user: { id: number; username: string; email: string; firstname: string | null; lastname: string | null } }): SessionStudent {
  const name = [login.user.firstname, login.user.lastname].filter(Boolean).join(' ').trim();
  return { jwt: login.jwt, userId: login.user.id, username: login.user.username, name: name || login.user.username, email: login.user.email };
}

export type LoginActionResult = { intent: 'login'; lastResult: SubmissionResult<string[]> };

/** Signs a student in from the login modal; the token goes into the session cookie only. */
export async function submitLogin(args: { formData: FormData; session: AppSession; locale: Locale; t: Translate; signal?: AbortSignal }) {
  const { formData, session, locale, t, signal } = args;
  // The shared schemas read a blank input themselves (toText); conform's coercion turned it into
  // undefined inside them, and zod answered an empty sign-in in English.
  const submission = parseWithZod(formData, { schema: buildLoginSchema(t), disableAutoCoercion: true });
  if (submission.status !== 'success') return { result: { intent: 'login' as const, lastResult: submission.reply({ hideFields: ['password'] }) }, setCookie: null };
  try {
    const login = await logInStudent(submission.value, { locale, signal });
    session.set('student', studentFromLogin(login));
    session.unset('pendingOrder');
    return { result: { intent: 'login' as const, ok: true, lastResult: submission.reply({ resetForm: true }) }, setCookie: await commitSession(session) };
  } catch (error) {
    if (!(error instanceof CmsApiError)) throw error;
    const message = error.code === 'PERMISSION_DENIED' ? t('login_failed') : cmsErrorMessage(error, t);
    return { result: { intent: 'login' as const, lastResult: submission.reply({ formErrors: [message], hideFields: ['password'] }) }, setCookie: null };
  }
}

/** The login post of a panel: a redirect with the session cookie, or the form's reply with its Thai message. */
export async function handleLoginPost(request: Request, formData: FormData, fallback: string) {
  const locale = getLocale(request);
  const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
  const session = await getSession(request);
  const { result, setCookie } = await submitLogin({ formData, session, locale, t, signal: request.signal });
  if ('ok' in result && result.ok && setCookie) {
    return redirect(safeRedirect(formData.get('redirect'), fallback), { headers: { 'Set-Cookie': setCookie, 'Cache-Control': PRIVATE_NO_STORE } });
  }
  return data(result, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
}

/* ------------------------------------------------------------------ sign-out */

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

/* ------------------------------------------------------------------ password reset */

const SuccessSchema = z.looseObject({ success: z.literal(true) });

/** Asks the CMS to mail a reset link; the answer is the same whether the address has an account or not. */
export async function requestPasswordReset(email: string, options: CallOptions = {}): Promise<void> {
  await postJson('/public/students/forgot-password', SuccessSchema, { email, lang: options.locale }, options);
}

/** Sets a new password with the code of a reset link; an invalid or used code comes back as CmsApiError. */
export async function resetPassword(input: { code: string; password: string; passwordConfirmation: string }, options: CallOptions = {}): Promise<void> {
  await postJson('/public/students/reset-password', SuccessSchema, { ...input, lang: options.locale }, options);
}
