import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { HomePage } from '~/components/home/home-page';
import { CmsError, getCourseList, toPublicAssetUrl } from '~/lib/cms.server';
import { getLocale } from '~/lib/i18n.server';
import { courseCardView } from '~/models/catalog';
import { textsOfMatches } from '~/models/i18n';
import type { PageScriptsHandle } from '~/models/page-scripts';
import type { loader as rootLoader } from '~/root';

export async function loader({ request }: LoaderFunctionArgs) {
  const keyword = new URL(request.url).searchParams.get('keyword')?.trim().slice(0, 100) ?? '';
  try {
    const courses = await getCourseList({ keyword: keyword || undefined }, { signal: request.signal, locale: getLocale(request) });
    return {
      keyword,
      courses: courses.map((course) => courseCardView(course, toPublicAssetUrl)),
    };
  } catch (error) {
    if (!(error instanceof CmsError)) throw error;
    console.error(`[home] course list unavailable: ${error.message}`);
    throw data(null, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}

/**
 * Server HTML alone (ADR 212): the page's links, its GET search form and the header's <details>
 * menu work without scripts, and a budget phone spends no seconds running React to show them.
 */
export const handle: PageScriptsHandle = { hydrate: false };

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  const siteName = texts?.site_name ?? 'Sala';
  return [{ title: texts?.home_heading ? `${siteName} | ${texts.home_heading}` : siteName }, { name: 'description', content: texts?.home_subheading ?? '' }];
};

export default function Home() {
  const { courses, keyword } = useLoaderData<typeof loader>();
  return <HomePage courses={courses} keyword={keyword} />;
}
