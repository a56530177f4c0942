/**
 * /login/social/{provider}?redirect=/cart: the social sign-in buttons' target. It sends the
 * visitor to the provider's sign-in page with this browser's flow cookie (ADR 175); the answer
 * comes back to /login/social/{provider}/callback. While a provider is not set up in the CMS
 * the page says so in the visitor's language and leads back to the sign-in form (ADR 112).
 */
import { chakra } from '@chakra-ui/react';
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PRIVATE_NO_STORE, safeRedirect } from '~/lib/auth.server';
import { getLocale } from '~/lib/i18n.server';
import { isSocialProviderId, SOCIAL_PROVIDER_NAMES, startSocialSignIn } from '~/lib/social-sign-in.server';
import { textsOfMatches, useT } from '~/models/i18n';
import type { loader as rootLoader } from '~/root';
import { withChakra } from '~/components/provider';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const provider = params.provider;
  if (!isSocialProviderId(provider)) throw data(null, { status: 404 });
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirect'), '/');
  const toProvider = await startSocialSignIn(provider, redirectTo, { locale: getLocale(request), signal: request.signal });
  if (toProvider) return toProvider;
  const back = redirectTo === '/cart' || redirectTo.startsWith('/cart?') ? redirectTo : `/login?redirect=${encodeURIComponent(redirectTo)}`;
  return data({ providerName: SOCIAL_PROVIDER_NAMES[provider], back }, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.login_title ?? 'Log in'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

function SocialLoginRoute() {
  const { providerName, back } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <chakra.div maxW="lg" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <chakra.div borderWidth="1px" borderColor="orange.300" bg="orange.50" borderRadius="xl" p="5" role="alert" data-testid="social-unavailable">
        <chakra.p fontWeight="600">{t('login_social_unavailable', { provider: providerName })}</chakra.p>
        <chakra.a href={back} color="brand" textDecoration="underline" display="inline-block" mt="3">
          {t('login_back')}
        </chakra.a>
      </chakra.div>
    </chakra.div>
  );
}
export default withChakra(SocialLoginRoute);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
