import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteLoaderData, type ClientLoaderFunctionArgs } from '@remix-run/react';
import type { ReactNode } from 'react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { RealtimeSession } from '~/components/payment/realtime-session';
import { realtimeSessionOf } from '~/lib/payment.server';
import { SiteNav } from '~/components/site-nav';
import { SessionRefusalNotice } from '~/components/session-refusal';
import { getHeaderStudent } from '~/lib/header.server';
import { PUBLIC_PAGE_CACHE_CONTROL } from '~/lib/cache-control';
import { attachPageTexts, DEFAULT_LOCALE, loadTextsFor, LOCALES, PAGE_TEXTS_SCRIPT_ID, pageTextsScript, textsOf, useT, type Locale, type PageTextsRef } from '~/models/i18n';
import { getLocale, getLocaleSwitchRedirect, getPageTexts } from '~/lib/i18n.server';
import { useNonce } from '~/lib/nonce';
import { HeldScripts } from '~/components/held-scripts';
import { pageScripts } from '~/models/page-scripts';
// The site's one stylesheet (ADR 145), in this order: Chakra's global CSS (tokens, reset), built once
// by vite.config.ts; the chrome's classes; Sarabun's faces; the static classes of the course page,
// the home page, the course cards, Markdown, the checkout forms, the product pages, the playlist and the
// payment page and the cart. Only this module imports CSS, so Vite emits
// it all as the root route's one hashed file and every page links that file alone.
import 'virtual:chakra-global.css';
import '~/styles/site.css';
import '~/styles/fonts.css';
import '~/styles/course.css';
import '~/styles/course-card.css';
import '~/styles/home.css';
import '~/styles/markdown.css';
import '~/styles/checkout.css';
import '~/styles/product.css';
import '~/styles/learn.css';
import '~/styles/payment.css';
import '~/styles/cart.css';
import sarabunThai400 from '@fontsource/sarabun/files/sarabun-thai-400-normal.woff2?url';
import sarabunLatin400 from '@fontsource/sarabun/files/sarabun-latin-400-normal.woff2?url';
import sarabunThai600 from '@fontsource/sarabun/files/sarabun-thai-600-normal.woff2?url';
import sarabunLatin600 from '@fontsource/sarabun/files/sarabun-latin-600-normal.woff2?url';
import sarabunThai700 from '@fontsource/sarabun/files/sarabun-thai-700-normal.woff2?url';
import sarabunLatin700 from '@fontsource/sarabun/files/sarabun-latin-700-normal.woff2?url';

/**
 * Every face the first screen draws (ADR 145): body text 400, labels and buttons 600, headings
 * 700, each in its Thai subset and in the Latin one (digits, punctuation and the space between
 * Thai words). Preloaded, they are fetched with the stylesheet instead of after it, so the text
 * is swapped to Sarabun once, early, rather than face by face.
 */
const FIRST_SCREEN_FONTS = [sarabunThai400, sarabunLatin400, sarabunThai600, sarabunLatin600, sarabunThai700, sarabunLatin700];

export const links: LinksFunction = () => [
  ...FIRST_SCREEN_FONTS.map((href) => ({ rel: 'preload', href, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' as const })),
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const switchRedirect = getLocaleSwitchRedirect(request);
  if (switchRedirect) throw switchRedirect;
  const locale = getLocale(request);
  const [texts, realtime, header] = await Promise.all([getPageTexts(locale, request.signal), realtimeSessionOf(request), getHeaderStudent(request)]);
  // The student's own page (their name, their real-time room): it must never sit in a shared cache.
  const signedIn = Boolean(realtime || header.student);
  // The texts are not in the data: the page carries them once, as a JSON script serialised once per
  // version of the texts (ADR 146); the data names their version, and this render reads them from it.
  const rootData = { locale, textsVersion: texts.version, realtime, student: header.student, cartCount: header.cartCount, sessionRefusal: header.refusal };
  attachPageTexts(rootData, texts);
  return data(rootData, signedIn ? { headers: { 'Cache-Control': 'private, no-store' } } : undefined);
}

/** After a navigation in the browser, the texts of the locale and version the root's data names are at hand before anything renders with them. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const rootData = await serverLoader<typeof loader>();
  await loadTextsFor(rootData);
  return rootData;
}

/** Anonymous pages may sit in a shared cache for 5 s; errors are never cached. */
export const headers: HeadersFunction = ({ errorHeaders, loaderHeaders }) => {
  const headers = new Headers({ 'Cache-Control': errorHeaders ? 'no-store' : (loaderHeaders.get('Cache-Control') ?? PUBLIC_PAGE_CACHE_CONTROL) });
  // The locale comes from a cookie, so shared caches must keep one copy per cookie.
  headers.set('Vary', 'Cookie');
  return headers;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const texts = textsOf(data);
  return [{ title: texts.site_name ?? 'Sala' }, { name: 'description', content: texts.home_subheading ?? '' }];
};

/** The page's texts as one JSON script (ADR 146); the browser reads it before hydration. */
function PageTextsScript({ rootData }: { rootData: PageTextsRef | undefined }) {
  const json = pageTextsScript(rootData);
  if (json === null) return null;
  return <script id={PAGE_TEXTS_SCRIPT_ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}

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
  const nonce = useNonce();
  const locale = data?.locale ?? DEFAULT_LOCALE;
  // A page whose route says `hydrate: false` is server HTML alone (ADR 212); one that says
  // 'on-engagement' holds its scripts until the visitor uses it (ADR 220). In the browser the
  // scripts are running already (a navigation from a hydrated page): they stay rendered.
  let when = pageScripts(useMatches(), Boolean(data?.sessionRefusal));
  if (when === 'never' && typeof document !== 'undefined') when = 'now';
  const scripts = when !== 'never';
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <>
          <SiteHeader locale={locale} />
          <main className="site-main">{children}</main>
          <SiteFooter />
          <SessionRefusalNotice refusal={data?.sessionRefusal ?? null} />
        </>
        {scripts ? <ScrollRestoration nonce={nonce} /> : null}
        {/* one child of <body> with the scripts, so the ids React gives the elements above stay the same */}
        {scripts ? (
          <>
            <PageTextsScript rootData={data} />
            {when === 'on-engagement' ? <HeldScripts nonce={nonce} /> : <Scripts nonce={nonce} />}
          </>
        ) : null}
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
