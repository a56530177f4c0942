/**
 * /preview?uid=…&documentId=…&status=…&expires=…&signature=…: the storefront page of an entry
 * as it is now in the CMS, published or not, for whoever holds the link the Strapi admin signed
 * (ADR 170). A course opens its course page, a product its product page, a text the home page.
 * Never cached, never indexed; the Strapi admin may frame it (entry.server sets frame-ancestors).
 * Forms are inert here: a preview buys nothing.
 */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import type { FormEvent } from 'react';
import { CoursePage } from '~/components/course/course-page';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { HomePage } from '~/components/home/home-page';
import { PreviewBanner } from '~/components/preview-banner';
import { ProductPage } from '~/components/products/product-page';
import { getLocale } from '~/lib/i18n.server';
import { loadPreview, PREVIEW_NO_STORE } from '~/lib/preview.server';
import { TextOverridesProvider, textsOfMatches, useT } from '~/models/i18n';
import type { loader as rootLoader } from '~/root';
import { withChakra } from '~/components/provider';

export async function loader({ request }: LoaderFunctionArgs) {
  const preview = await loadPreview(request, getLocale(request));
  return data(preview, { headers: { 'Cache-Control': PREVIEW_NO_STORE } });
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PREVIEW_NO_STORE, 'X-Robots-Tag': 'noindex, nofollow' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: preview, matches }) => {
  const texts = textsOfMatches(matches);
  const label = texts.preview_banner ?? 'ตัวอย่างก่อนเผยแพร่';
  const title = preview?.kind === 'course' ? preview.page.course.title : preview?.kind === 'product' ? preview.product.title : (texts.site_name ?? 'Sala');
  return [{ title: `${label} | ${title}` }, { name: 'robots', content: 'noindex, nofollow' }];
};

const stopSubmit = (event: FormEvent) => event.preventDefault();

function PreviewRoute() {
  const preview = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
      <PreviewBanner>{preview.kind === 'text' ? t('preview_banner_text', { key: preview.key }) : null}</PreviewBanner>
      <div onSubmitCapture={stopSubmit} data-testid="preview-page">
        {preview.kind === 'course' ? <CoursePage page={preview.page} /> : null}
        {preview.kind === 'product' ? <ProductPage product={preview.product} /> : null}
        {preview.kind === 'text' ? (
          <TextOverridesProvider value={preview.overrides}>
            <HomePage courses={preview.courses} keyword="" />
          </TextOverridesProvider>
        ) : null}
      </div>
    </>
  );
}
export default withChakra(PreviewRoute);

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  if (isRouteErrorResponse(error) && (error.status === 403 || error.status === 410)) {
    return (
      <section className="error-panel" role="alert">
        <h1 className="error-panel-title">{error.status === 410 ? t('preview_link_expired') : t('preview_link_invalid')}</h1>
        <p className="error-panel-detail">{t('preview_link_reopen')}</p>
      </section>
    );
  }
  return <GeneralErrorBoundary />;
}
