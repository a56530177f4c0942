/**
 * Sign-in with Google, Facebook and LINE (ADR 175). The start asks the CMS for the provider's
 * address and a sealed flow (state, nonce, PKCE verifier, where to go back), keeps the flow in a
 * short-lived httpOnly cookie of this browser and sends the visitor to the provider. The
 * provider's answer comes back to the callback page, which hands it to the CMS with that cookie:
 * an answer this browser did not ask for has no matching flow and is refused there.
 */
import { createCookie, redirect } from '@remix-run/node';
import type { Locale } from '@sala/shared/constants';
import { z } from 'zod';
import { getEnv } from '~/env.server';
import { translatorFromTexts } from '~/models/i18n';
import { studentFromLogin, PRIVATE_NO_STORE, safeRedirect } from './auth.server';
import { CmsApiError, cmsErrorMessage, postJson, type CallOptions } from './cms.server';
import { LoginResponseSchema } from './cms-schemas.server';
import { getTexts } from './i18n.server';
import { commitSession, getSession } from './session.server';

export const SOCIAL_PROVIDER_NAMES = { facebook: 'Facebook', google: 'Google', line: 'LINE' } as const;
export type SocialProviderId = keyof typeof SOCIAL_PROVIDER_NAMES;

export function isSocialProviderId(value: unknown): value is SocialProviderId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(SOCIAL_PROVIDER_NAMES, value);
}

/** As long as the CMS honours a flow: ten minutes at the provider's pages. */
const FLOW_MAX_AGE_SECONDS = 600;

let flowCookie: ReturnType<typeof createCookie> | undefined;

function socialFlowCookie() {
  if (!flowCookie) {
    const env = getEnv();
    // Lax: the provider's answer is a top-level GET from its site, which Lax cookies travel with
    flowCookie = createCookie('__sala_social', {
      httpOnly: true,
      sameSite: 'lax',
      path: '/login/social',
      secure: env.SESSION_COOKIE_SECURE,
      secrets: [env.SESSION_SECRET],
      maxAge: FLOW_MAX_AGE_SECONDS,
    });
  }
  return flowCookie;
}

const StartSchema = z.looseObject({ authorizeUrl: z.string().url(), flow: z.string().min(1) });
const FinishSchema = LoginResponseSchema.extend({ redirect: z.string() });

/** The provider's sign-in page with this browser's flow cookie, or null while the provider is not open. */
export async function startSocialSignIn(provider: SocialProviderId, after: string, options: CallOptions): Promise<Response | null> {
  try {
    const started = await postJson(`/public/social/${provider}/start`, StartSchema, { redirect: after }, options);
    const target = new URL(started.authorizeUrl);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error(`refused provider address ${target.protocol}`);
    return redirect(target.toString(), { headers: { 'Set-Cookie': await socialFlowCookie().serialize(started.flow), 'Cache-Control': PRIVATE_NO_STORE } });
  } catch (error) {
    if (error instanceof CmsApiError && error.code === 'SOCIAL_PROVIDER_UNAVAILABLE') return null;
    throw error;
  }
}

/** Why a sign-in did not go through; an address that has an account comes with a sealed offer to tie the two (ADR 194). */
export type SocialFailure = { code: string; message: string; link?: { token: string; email: string } };

const LinkOfferSchema = z.looseObject({ link: z.string().min(1).max(4096), email: z.string() });

/** The session of a student the CMS signed in, with the flow cookie spent, and the page to go on to. */
async function signedInRedirect(request: Request, answer: z.infer<typeof FinishSchema>, spent: string): Promise<Response> {
  const session = await getSession(request);
  session.set('student', studentFromLogin(answer));
  session.unset('pendingOrder');
  const headers = new Headers({ 'Cache-Control': PRIVATE_NO_STORE });
  headers.append('Set-Cookie', await commitSession(session));
  if (spent) headers.append('Set-Cookie', spent);
  return redirect(safeRedirect(answer.redirect, '/'), { headers });
}

/**
 * The provider's answer (`?code&state`, or `?error`): signed in, a redirect to the page the
 * visitor started from with the session cookie; else the reason in the visitor's language.
 * The flow cookie is spent either way.
 */
export async function finishSocialSignIn(
  request: Request,
  provider: SocialProviderId,
  locale: Locale,
  options: CallOptions,
): Promise<{ redirect: Response } | { failure: SocialFailure; setCookie: string }> {
  const cookie = socialFlowCookie();
  const flow = (await cookie.parse(request.headers.get('cookie'))) as unknown;
  const spent = await cookie.serialize('', { maxAge: 0 });
  const query = new URL(request.url).searchParams;
  if (query.get('error')) return { failure: { code: 'CANCELLED', message: '' }, setCookie: spent };
  try {
    const answer = await postJson(
      `/public/social/${provider}/callback`,
      FinishSchema,
      { code: query.get('code') ?? '', state: query.get('state') ?? '', flow: typeof flow === 'string' ? flow : '' },
      options,
    );
    return { redirect: await signedInRedirect(request, answer, spent) };
  } catch (error) {
    if (!(error instanceof CmsApiError)) throw error;
    const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
    const offer = error.code === 'SOCIAL_ACCOUNT_EXISTS' ? LinkOfferSchema.safeParse(error.result) : null;
    const link = offer?.success ? { token: offer.data.link, email: offer.data.email } : undefined;
    return { failure: { code: error.code, message: cmsErrorMessage(error, t), link }, setCookie: spent };
  }
}

/**
 * The password form of an offer to tie a provider account to the account of its e-mail: tied
 * and signed in, a redirect on; else the reason in the visitor's language (a wrong password
 * keeps the offer so the student can try again, within the sign-in limits).
 */
export async function linkSocialAccount(
  request: Request,
  provider: SocialProviderId,
  form: FormData,
  locale: Locale,
  options: CallOptions,
): Promise<{ redirect: Response } | { failure: SocialFailure }> {
  const token = String(form.get('link') ?? '');
  const email = String(form.get('email') ?? '');
  try {
    const answer = await postJson(`/public/social/${provider}/link`, FinishSchema, { link: token, password: String(form.get('password') ?? '') }, options);
    return { redirect: await signedInRedirect(request, answer, '') };
  } catch (error) {
    if (!(error instanceof CmsApiError)) throw error;
    const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
    const wrongPassword = error.code === 'PERMISSION_DENIED' || error.code === 'VALIDATION_ERROR';
    const message = wrongPassword ? t('social_link_failed') : cmsErrorMessage(error, t);
    return { failure: { code: error.code, message, link: wrongPassword ? { token, email } : undefined } };
  }
}
