/**
 * /login/social/{provider}/callback?code&state: where the provider sends the visitor back
 * (ADR 175). Signed in, it goes on to the page the sign-in started from; otherwise it says why in
 * the visitor's language (cancelled, an answer this browser did not ask for, no or an
 * unverified e-mail) with the ways on. An e-mail that already has an account gets a password
 * form: that account's password ties the provider account to it and signs in (ADR 194).
 */
import { chakra } from '@chakra-ui/react';
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PRIVATE_NO_STORE } from '~/lib/auth.server';
import { getLocale } from '~/lib/i18n.server';
import { finishSocialSignIn, isSocialProviderId, linkSocialAccount, SOCIAL_PROVIDER_NAMES } from '~/lib/social-sign-in.server';
import { textsOfMatches, useT } from '~/models/i18n';
import type { loader as rootLoader } from '~/root';
import { withChakra } from '~/components/provider';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const provider = params.provider;
  if (!isSocialProviderId(provider)) throw data(null, { status: 404 });
  const locale = getLocale(request);
  const result = await finishSocialSignIn(request, provider, locale, { locale, signal: request.signal });
  if ('redirect' in result) return result.redirect;
  const { code, message, link } = result.failure;
  return data(
    { provider, providerName: SOCIAL_PROVIDER_NAMES[provider], code, message, link: link ?? null },
    { status: code === 'CANCELLED' || link ? 200 : 400, headers: { 'Set-Cookie': result.setCookie, 'Cache-Control': PRIVATE_NO_STORE } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const provider = params.provider;
  if (!isSocialProviderId(provider)) throw data(null, { status: 404 });
  const locale = getLocale(request);
  const result = await linkSocialAccount(request, provider, await request.formData(), locale, { locale, signal: request.signal });
  if ('redirect' in result) return result.redirect;
  const { code, message, link } = result.failure;
  // a form answered with its message, as the sign-in form is
  return data({ code, message, link: link ?? null }, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
}

// the provider's code in the address is spent: a password post is answered by the action alone
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod ? false : defaultShouldRevalidate);

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.login_title ?? 'Log in'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

const Action = chakra('a', {
  base: { display: 'inline-flex', alignItems: 'center', minH: '10', px: '4', borderRadius: 'md', borderWidth: '1px', borderColor: 'brand', color: 'brand', fontWeight: '600' },
});

const PasswordInput = chakra('input', {
  base: { display: 'block', w: 'full', minH: '11', mt: '1', px: '3', borderWidth: '1px', borderColor: 'gray.400', borderRadius: 'md', bg: 'white' },
});

const Submit = chakra('button', {
  base: { display: 'inline-flex', alignItems: 'center', minH: '11', px: '5', borderRadius: 'md', bg: 'brand', color: 'white', fontWeight: '600', cursor: 'pointer' },
});

/** The offer to tie a provider account to the account of its e-mail: that account's password, then signed in. */
function LinkForm({ providerName, link, problem }: { providerName: string; link: { token: string; email: string }; problem: string | null }) {
  const t = useT();
  return (
    <chakra.div borderWidth="1px" borderColor="gray.300" borderRadius="xl" p="5" data-testid="social-link">
      <chakra.h1 fontSize="lg" fontWeight="700">
        {t('social_link_title', { provider: providerName })}
      </chakra.h1>
      <chakra.p mt="2">{t('social_link_intro', { provider: providerName, email: link.email })}</chakra.p>
      <Form method="post" replace>
        <input type="hidden" name="link" value={link.token} />
        <input type="hidden" name="email" value={link.email} />
        <chakra.label display="block" mt="4" fontWeight="600">
          {t('login_password')}
          <PasswordInput
            type="password"
            name="password"
            required
            autoComplete="current-password"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'social-link-problem' : undefined}
          />
        </chakra.label>
        {problem ? (
          <chakra.p id="social-link-problem" role="alert" mt="2" color="red.700" data-testid="social-link-problem">
            {problem}
          </chakra.p>
        ) : null}
        <chakra.div display="flex" flexWrap="wrap" gap="3" mt="4">
          <Submit type="submit">{t('social_link_submit')}</Submit>
          <Action href="/forgotpass">{t('social_forgot_password')}</Action>
        </chakra.div>
      </Form>
    </chakra.div>
  );
}

function SocialCallbackRoute() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const t = useT();
  const { provider, providerName } = loaded;
  const link = posted ? posted.link : loaded.link;
  if (link) {
    return (
      <chakra.div maxW="lg" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <LinkForm providerName={providerName} link={link} problem={posted?.message ?? null} />
      </chakra.div>
    );
  }
  const code = posted?.code ?? loaded.code;
  const message = posted?.message ?? loaded.message;
  const text = code === 'CANCELLED' ? t('social_cancelled', { provider: providerName }) : message;
  return (
    <chakra.div maxW="lg" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <chakra.div borderWidth="1px" borderColor="orange.300" bg="orange.50" color="gray.900" borderRadius="xl" p="5" role="alert" data-testid="social-failed" data-code={code}>
        <chakra.h1 fontSize="lg" fontWeight="700">
          {t('social_failed_title', { provider: providerName })}
        </chakra.h1>
        <chakra.p mt="2">{text}</chakra.p>
        <chakra.div display="flex" flexWrap="wrap" gap="3" mt="4">
          <Action href="/login">{t('login_back')}</Action>
          {code === 'SOCIAL_ACCOUNT_EXISTS' ? (
            <Action href="/forgotpass">{t('social_forgot_password')}</Action>
          ) : (
            <Action href={`/login/social/${provider}`} data-testid="social-try-again">
              {t('social_try_again')}
            </Action>
          )}
        </chakra.div>
      </chakra.div>
    </chakra.div>
  );
}
export default withChakra(SocialCallbackRoute);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
