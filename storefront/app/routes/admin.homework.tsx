/**
 * /admin/homework: every homework hand-in, newest first: the student, the course and lecture,
 * when, and the files (opened through /admin/homework/file/{name}). Shop administrators only.
 */
import { chakra } from '@chakra-ui/react';
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { formatDate } from '~/components/course/format';
import { requireShopAdmin } from '~/lib/admin.server';
import { getLocale } from '~/lib/i18n.server';
import { listHomework } from '~/lib/lecture-pages.server';
import { textsOfMatches, useLocale, useT } from '~/models/i18n';
import type { loader as rootLoader } from '~/root';

const PRIVATE_PAGE = 'private, no-store';

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireShopAdmin(request);
  const page = Math.max(1, Math.min(100_000, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1));
  const list = await listHomework(page, { jwt: admin.jwt, locale: getLocale(request), signal: request.signal });
  return data(list, { headers: { 'Cache-Control': PRIVATE_PAGE } });
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_PAGE, Vary: 'Cookie' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.admin_homework_title ?? ''} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

export default function AdminHomeworkRoute() {
  const { items, page, pages } = useLoaderData<typeof loader>();
  const t = useT();
  const locale = useLocale();
  return (
    <chakra.section aria-labelledby="admin-homework-title" minW="0">
      <chakra.h1 id="admin-homework-title" fontSize="2xl" fontWeight="700" mb="4">
        {t('admin_homework_title')}
      </chakra.h1>
      {items.length === 0 ? <chakra.p color="fg.muted">{t('admin_homework_empty')}</chakra.p> : null}
      <chakra.ul listStyleType="none" display="grid" gap="3">
        {items.map((item) => (
          <chakra.li key={item.id} data-testid="admin-homework" borderWidth="1px" borderColor="border" borderRadius="md" bg="bg" p="4" display="grid" gap="1" minW="0">
            <chakra.p fontWeight="700" overflowWrap="anywhere">
              {item.student ? `${item.student.name} (${item.student.username})` : '-'}
            </chakra.p>
            <chakra.p fontSize="sm" overflowWrap="anywhere">
              {t('admin_homework_lecture')}: {item.course ?? '-'} · {item.lecture ?? '-'}
            </chakra.p>
            <chakra.p fontSize="sm" color="fg.muted">
              {t('admin_homework_at')}: {formatDate(item.submittedAt, locale) ?? '-'}
            </chakra.p>
            <chakra.ul listStyleType="none" display="flex" flexWrap="wrap" gap="2" mt="1">
              {item.files.map((file) => (
                <li key={file.name}>
                  <chakra.a href={`/admin/homework/file/${file.name}`} target="_blank" rel="noopener" color="teal.700" fontWeight="600" fontSize="sm" overflowWrap="anywhere">
                    {t('admin_homework_file')}: {file.name}
                  </chakra.a>
                </li>
              ))}
            </chakra.ul>
          </chakra.li>
        ))}
      </chakra.ul>
      {pages > 1 ? (
        <chakra.nav display="flex" gap="3" mt="4" fontSize="sm">
          {page > 1 ? <a href={`?page=${page - 1}`}>‹ {page - 1}</a> : null}
          <span>
            {page} / {pages}
          </span>
          {page < pages ? <a href={`?page=${page + 1}`}>{page + 1} ›</a> : null}
        </chakra.nav>
      ) : null}
    </chakra.section>
  );
}
