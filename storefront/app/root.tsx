import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { Provider } from '~/components/provider';
import { RealtimeSession } from '~/components/payment/realtime-session';
import { realtimeSessionOf } from '~/lib/payment.server';
import { SiteNav } from '~/components/site-nav';
import { getHeaderStudent } from '~/lib/header.server';
import { PUBLIC_PAGE_CACHE_CONTROL } from '~/lib/cache-control';
import { DEFAULT_LOCALE, LOCALES, useT, type Locale } from '~/lib/i18n';
import { getLocale, getLocaleSwitchRedirect, getTexts } from '~/lib/i18n.server';
import fontsHref from '~/styles/fonts.css?url';
// Chakra's global CSS (tokens, reset), built once into a hashed stylesheet by vite.config.ts; then the chrome's own classes.
import 'virtual:chakra-global.css';
import '~/styles/site.css';
import sarabunThai400 from '@fontsource/sarabun/files/sarabun-thai-400-normal.woff2?url';

export const links: LinksFunction = () => [
  { rel: 'preload', href: sarabunThai400, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'stylesheet', href: fontsHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const switchRedirect = getLocaleSwitchRedirect(request);
  if (switchRedirect) throw switchRedirect;
  const locale = getLocale(request);
  const [texts, realtime, header] = await Promise.all([getTexts(locale, request.signal), realtimeSessionOf(request), getHeaderStudent(request)]);
  // The student's own channel credentials are in the page: it must never sit in a shared cache.
  const signedIn = Boolean(realtime || header.student);
  return data({ locale, texts, realtime, student: header.student, cartCount: header.cartCount }, signedIn ? { headers: { 'Cache-Control': 'private, no-store' } } : undefined);
}

/** Anonymous pages may sit in a shared cache for 5 s; errors are never cached. */
export const headers: HeadersFunction = ({ errorHeaders, loaderHeaders }) => {
  const headers = new Headers({ 'Cache-Control': errorHeaders ? 'no-store' : (loaderHeaders.get('Cache-Control') ?? PUBLIC_PAGE_CACHE_CONTROL) });
  // The locale comes from a cookie, so shared caches must keep one copy per cookie.
  headers.set('Vary', 'Cookie');
  return headers;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.texts.site_name ?? 'Sala' },
  { name: 'description', content: data?.texts.home_subheading ?? '' },
];

function LocaleSwitch({ locale }: { locale: Locale }) {
  const t = useT();
  const location = useLocation();
  return (
    <nav aria-label={t('course_language')} className="locale-switch">
      {LOCALES.map((option) => {
        const params = new URLSearchParams(location.search);
        params.set('lang', option);
        return (
          <a key={option} className="locale-link" href={`${location.pathname}?${params}`} hrefLang={option} lang={option} aria-current={option === locale}>
            {option.toUpperCase()}
          </a>
        );
      })}
    </nav>
  );
}

function SiteHeader({ locale }: { locale: Locale }) {
  const t = useT();
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <header className="site-header">
      <div className="site-container site-header-bar">
        <Link to="/" className="site-name">
          {t('site_name')}
        </Link>
        <SiteNav student={data?.student ?? null} cartCount={data?.cartCount ?? null} localeSwitch={<LocaleSwitch locale={locale} />} />
      </div>
    </header>
  );
}

function SiteFooter() {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="site-container site-footer-text">
        {t('site_name')} · {t('home_subheading')}
      </div>
    </footer>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const locale = data?.locale ?? DEFAULT_LOCALE;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <Provider>
          <SiteHeader locale={locale} />
          <main className="site-main">{children}</main>
          <SiteFooter />
        </Provider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const rootData = useRouteLoaderData<typeof loader>('root');
  return (
    <>
      <RealtimeSession realtime={rootData?.realtime ?? null} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
