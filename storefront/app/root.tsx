import { chakra } from '@chakra-ui/react';
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

const SiteLink = chakra(Link, {
  base: { fontWeight: '700', fontSize: { base: 'xl', md: '2xl' }, color: 'brand', _hover: { textDecoration: 'none' } },
});

const LocaleLink = chakra('a', {
  base: {
    px: '2',
    py: '1',
    minW: '10',
    textAlign: 'center',
    borderRadius: 'md',
    fontSize: 'sm',
    fontWeight: '600',
    color: 'fg.muted',
    _hover: { bg: 'bg.muted' },
    '&[aria-current=true]': { bg: 'brand', color: 'white' },
  },
});

function LocaleSwitch({ locale }: { locale: Locale }) {
  const t = useT();
  const location = useLocation();
  return (
    <chakra.nav aria-label={t('course_language')} display="flex" gap="1">
      {LOCALES.map((option) => {
        const params = new URLSearchParams(location.search);
        params.set('lang', option);
        return (
          <LocaleLink key={option} href={`${location.pathname}?${params}`} hrefLang={option} lang={option} aria-current={option === locale}>
            {option.toUpperCase()}
          </LocaleLink>
        );
      })}
    </chakra.nav>
  );
}

function SiteHeader({ locale }: { locale: Locale }) {
  const t = useT();
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <chakra.header borderBottomWidth="1px" borderColor="border" bg="bg" position="relative">
      <chakra.div maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py="3" display="flex" alignItems="center" justifyContent="space-between" gap={{ base: '2', md: '4' }}>
        <SiteLink to="/">{t('site_name')}</SiteLink>
        <SiteNav student={data?.student ?? null} cartCount={data?.cartCount ?? null} localeSwitch={<LocaleSwitch locale={locale} />} />
      </chakra.div>
    </chakra.header>
  );
}

function SiteFooter() {
  const t = useT();
  return (
    <chakra.footer borderTopWidth="1px" borderColor="border" bg="bg.subtle" mt="auto">
      <chakra.div maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py="6" fontSize="sm" color="fg.muted">
        {t('site_name')} · {t('home_subheading')}
      </chakra.div>
    </chakra.footer>
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
          <chakra.main flex="1" w="full">
            {children}
          </chakra.main>
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
