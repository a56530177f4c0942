/**
 * /login?redirect=/somewhere: the same sign-in panel as the cart's, going back to
 * `redirect` (home by default). A signed-in student goes there at once.
 */
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { LoginPanel } from '~/components/cart/login-panel';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { handleLoginPost, PRIVATE_NO_STORE, safeRedirect } from '~/lib/auth.server';
import { getSessionStudent } from '~/lib/session.server';
import type { loader as rootLoader } from '~/root';
import { textsOfMatches } from '~/models/i18n';

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get('redirect'), '/');
  if (await getSessionStudent(request)) throw redirect(redirectTo, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
  return data({ redirectTo }, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  return handleLoginPost(request, formData, '/');
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_NO_STORE, Vary: 'Cookie' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.login_title ?? 'Log in'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

export default function LoginRoute() {
  const { redirectTo } = useLoaderData<typeof loader>();
  return (
    <div className="cart-page login-page">
      <LoginPanel redirectTo={redirectTo} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
