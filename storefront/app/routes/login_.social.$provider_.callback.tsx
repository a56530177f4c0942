/**
 * /login/social/{provider}/callback?code&state: where the provider sends the visitor back
 * (ADR 175). Signed in, it goes on to the page the sign-in started from; otherwise it says why in
 * the visitor's language (cancelled, an answer this browser did not ask for, no or an
 * unverified e-mail, an e-mail that already has an account) with the ways on.
 */
import { chakra } from '@chakra-ui/react';
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PRIVATE_NO_STORE } from '~/lib/auth.server';
import { getLocale } from '~/lib/i18n.server';
import { finishSocialSignIn, isSocialProviderId, SOCIAL_PROVIDER_NAMES } from '~/lib/social-sign-in.server';
import { textsOfMatches, useT } from '~/models/i18n';
import type { loader as rootLoader } from '~/root';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const provider = params.provider;
  if (!isSocialProviderId(provider)) throw data(null, { status: 404 });
  const locale = getLocale(request);
  const result = await finishSocialSignIn(request, provider, locale, { locale, signal: request.signal });
  if ('redirect' in result) return result.redirect;
  return data(
    { provider, providerName: SOCIAL_PROVIDER_NAMES[provider], code: result.failure.code, message: result.failure.message },
    { status: result.failure.code === 'CANCELLED' ? 200 : 400, headers: { 'Set-Cookie': result.setCookie, 'Cache-Control': PRIVATE_NO_STORE } },
  );
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.login_title ?? 'Log in'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

const Action = chakra('a', {
  base: { display: 'inline-flex', alignItems: 'center', minH: '10', px: '4', borderRadius: 'md', borderWidth: '1px', borderColor: 'brand', color: 'brand', fontWeight: '600' },
});

export default function SocialCallbackRoute() {
  const { provider, providerName, code, message } = useLoaderData<typeof loader>();
  const t = useT();
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
