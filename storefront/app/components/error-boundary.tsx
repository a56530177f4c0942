import { chakra } from '@chakra-ui/react';
import { isRouteErrorResponse, Link, useRouteError, type ErrorResponse } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useT } from '~/lib/i18n';

type StatusHandler = (info: { error: ErrorResponse }) => ReactNode;

const Panel = chakra('section', {
  base: { maxW: '2xl', mx: 'auto', px: '4', py: { base: '12', md: '20' }, textAlign: 'center' },
});

function ErrorPanel({ title, detail }: { title: string; detail?: string }) {
  const t = useT();
  return (
    <Panel role="alert">
      <chakra.h1 fontSize={{ base: '2xl', md: '3xl' }} fontWeight="700" mb="3">
        {title}
      </chakra.h1>
      {detail ? (
        <chakra.p color="fg.muted" mb="6">
          {detail}
        </chakra.p>
      ) : null}
      <chakra.span color="brand" fontWeight="600" textDecoration="underline" asChild>
        <Link to="/">{t('nav_home')}</Link>
      </chakra.span>
    </Panel>
  );
}

/**
 * The one error screen of the storefront. Route error responses get a status handler
 * (404 by default); anything else is an unexpected error whose details stay in the server log.
 */
export function GeneralErrorBoundary({ statusHandlers }: { statusHandlers?: Record<number, StatusHandler> }) {
  const error = useRouteError();
  const t = useT();

  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status];
    if (handler) return <>{handler({ error })}</>;
    if (error.status === 404) return <ErrorPanel title={t('not_found_title')} />;
    if (error.status === 503) return <ErrorPanel title={t('data_fetch_failed')} />;
    return <ErrorPanel title={t('server_error_title')} detail={`${error.status}`} />;
  }

  if (typeof document !== 'undefined') console.error(error);
  return <ErrorPanel title={t('server_error_title')} />;
}
