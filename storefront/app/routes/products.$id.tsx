/**
 * /products/{id}-{slug}: a product's page: gallery, price and available quantity, description
 * tabs, meta and social tags, add to cart with a quantity, and the book retailer hand-off for a
 * book the retailer sells. The id is the part before the first dash; another spelling of the
 * address answers 301 to the canonical one, an unknown id a 404 page.
 *
 * Actions (field `intent`): add (quantity), bookstore (quantity). A visitor is sent to sign in
 * first and comes back to this page.
 */
import { getEnv } from '~/env.server';
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import type { ProductActionData } from '~/components/products/buy-box';
import { ProductPage } from '~/components/products/product-page';
import { PRIVATE_NO_STORE } from '~/lib/auth.server';
import { PUBLIC_PAGE_CACHE_CONTROL } from '~/lib/cache-control';
import { CmsApiError, CmsError, isCmsNotFound } from '~/lib/cms.server';
import { parseCourseId } from '~/models/course-path';
import { getLocale, getTexts } from '~/lib/i18n.server';
import { textsOfMatches, translatorFromTexts, type Locale } from '~/models/i18n';
import { addProductToCart, getProductDetail, handOffToBookstore } from '~/lib/products.server';
import { getShippingAddresses } from '~/lib/shipping.server';
import { getSessionStudent, hasSessionCookie } from '~/lib/session.server';
import type { loader as rootLoader } from '~/root';
import type { PageScriptsHandle } from '~/models/page-scripts';

async function loadProduct(idParam: string | undefined, signal: AbortSignal, locale: Locale) {
  const productId = parseCourseId(idParam);
  if (productId === null) throw data(null, { status: 404 });
  try {
    return await getProductDetail(productId, { signal, locale });
  } catch (error) {
    if (isCmsNotFound(error)) throw data(null, { status: 404 });
    if (error instanceof CmsError || error instanceof CmsApiError) {
      console.error(`[product page] product ${productId} unavailable: ${error.message}`);
      throw data(null, { status: 503, headers: { 'Cache-Control': 'no-store' } });
    }
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const product = await loadProduct(params.id, request.signal, getLocale(request));
  const url = new URL(request.url);
  // The canonical address carries the current slug; any other spelling moves there for good.
  if (url.pathname !== product.path) throw redirect(`${product.path}${url.search}`, 301);
  // The configured public origin, never the request's Host: the page may be cached for every visitor (ADR 157).
  const origin = getEnv().PUBLIC_URL;
  return data({ product, url: `${origin}${product.path}` }, { headers: { 'Cache-Control': hasSessionCookie(request) ? PRIVATE_NO_STORE : PUBLIC_PAGE_CACHE_CONTROL } });
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => ({
  'Cache-Control': errorHeaders ? (errorHeaders.get('Cache-Control') ?? 'no-store') : actionHeaders.has('Cache-Control') ? PRIVATE_NO_STORE : (loaderHeaders.get('Cache-Control') ?? PRIVATE_NO_STORE),
  Vary: 'Cookie',
});

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: page, matches }) => {
  const texts = textsOfMatches(matches);
  const siteName = texts?.site_name ?? 'Sala';
  if (!page) return [{ title: `${texts?.not_found_title ?? '404'} | ${siteName}` }, { name: 'robots', content: 'noindex' }];
  const { seo } = page.product;
  const tags: ReturnType<MetaFunction> = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: page.url },
    { property: 'og:type', content: 'product' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: seo.socialTitle },
    { property: 'og:description', content: seo.socialDescription },
    { property: 'og:url', content: page.url },
    { name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: seo.socialTitle },
    { name: 'twitter:description', content: seo.socialDescription },
  ];
  if (seo.image) {
    tags.push({ property: 'og:image', content: seo.image.url }, { property: 'og:image:alt', content: seo.image.alt }, { name: 'twitter:image', content: seo.image.url });
    if (seo.image.width && seo.image.height) tags.push({ property: 'og:image:width', content: String(seo.image.width) }, { property: 'og:image:height', content: String(seo.image.height) });
  }
  if (page.product.videoUrl) tags.push({ property: 'og:video', content: page.product.videoUrl });
  return tags;
};

function reply(result: ProductActionData, status = 200) {
  return data(result, { status, headers: { 'Cache-Control': PRIVATE_NO_STORE } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const productId = parseCourseId(params.id);
  if (productId === null) throw data(null, { status: 404 });
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '');
  if (intent !== 'add' && intent !== 'bookstore') throw data(null, { status: 400 });
  const path = new URL(request.url).pathname;
  const student = await getSessionStudent(request);
  if (!student) return redirect(`/login?redirect=${encodeURIComponent(path)}`, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });

  const locale = getLocale(request);
  const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
  const quantity = Number(formData.get('quantity'));
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99) return reply({ intent, error: t('product_quantity_invalid') });
  const options = { jwt: student.jwt, locale, signal: request.signal };
  try {
    if (intent === 'add') {
      await addProductToCart({ productId, quantity }, options);
      return redirect('/cart', { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
    }
    const [address] = await getShippingAddresses(options);
    const location = await handOffToBookstore({ userId: student.userId, email: student.email, productId, quantity, shippingAddressId: address?.id ?? null }, options);
    return redirect(location, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
  } catch (error) {
    if (error instanceof CmsApiError && error.status < 500) {
      if (error.code === 'OUT_OF_STOCK') {
        const left = (error.result as { available_qty?: unknown } | null)?.available_qty;
        return reply({ intent, error: t('error_out_of_stock', { qty: typeof left === 'number' ? left : 0 }) });
      }
      return reply({ intent, error: error.msg || t('server_error_title') });
    }
    if (error instanceof CmsError || error instanceof CmsApiError) {
      console.error(`[product page] ${intent} failed: ${error.message}`);
      return reply({ intent, error: intent === 'bookstore' ? t('error_bookstore_unavailable') : t('server_error_title') }, 503);
    }
    throw error;
  }
}

/**
 * The page holds its scripts until the visitor uses it (ADR 220): its links and its buy form work
 * as server HTML meanwhile (the action answers a plain post with a redirect or the page).
 */
export const handle: PageScriptsHandle = { hydrate: 'on-engagement' };

export default function ProductRoute() {
  const { product } = useLoaderData<typeof loader>();
  return <ProductPage product={product} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
