import { isRouteErrorResponse, Link, useRouteError, type ErrorResponse } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useT } from '~/models/i18n';

type StatusHandler = (info: { error: ErrorResponse }) => ReactNode;

/** Plain elements with the static classes of styles/site.css: root.tsx loads this module on every page (ADR 145). */
function ErrorPanel({ title, detail }: { title: string; detail?: string }) {
  const t = useT();
  return (
    <section className="error-panel" role="alert">
      <h1 className="error-panel-title">{title}</h1>
      {detail ? <p className="error-panel-detail">{detail}</p> : null}
      <Link className="error-panel-link" to="/">
        {t('nav_home')}
      </Link>
    </section>
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
    // a token the CMS refused: the session modal of the root shows over this (ADR 179)
    if (error.status === 401) return <ErrorPanel title={t('error_permission_denied')} />;
    if (error.status === 503) return <ErrorPanel title={t('data_fetch_failed')} />;
    return <ErrorPanel title={t('server_error_title')} detail={`${error.status}`} />;
  }

  if (typeof document !== 'undefined') console.error(error);
  return <ErrorPanel title={t('server_error_title')} />;
}
