import { data, type MetaFunction } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import type { loader as rootLoader } from '~/root';
import { textsOfMatches } from '~/models/i18n';

/** Every unknown path: a real 404 status, rendered by the general error boundary inside the site layout. */
export function loader() {
  throw data(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.not_found_title ?? '404'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
