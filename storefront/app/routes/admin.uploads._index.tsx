/**
 * /admin/uploads: every course and product with how many pictures it has; each opens its
 * picture list. Shop administrators only.
 */
import { chakra } from '@chakra-ui/react';
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { AdminUploadsErrorBoundary, PRIVATE_PAGE } from '~/components/upload/admin-upload-page';
import { textsOfMatches, useT } from '~/models/i18n';
import { listPictureOwners, requireShopAdmin } from '~/lib/uploads.server';
import type { loader as rootLoader } from '~/root';

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireShopAdmin(request);
  const owners = await listPictureOwners({ jwt: admin.jwt, signal: request.signal });
  return data(owners, { headers: { 'Cache-Control': PRIVATE_PAGE } });
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_PAGE, Vary: 'Cookie' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.admin_uploads_title ?? ''} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

const OwnerLink = chakra(Link, {
  base: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '3',
    px: '4',
    py: '3',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    bg: 'bg',
    _hover: { bg: 'bg.subtle', textDecoration: 'none' },
    _focusVisible: { outline: '3px solid', outlineColor: 'teal.500' },
  },
});

function OwnerList({ heading, type, owners }: { heading: string; type: 'courses' | 'products'; owners: { id: number; title: string; count: number }[] }) {
  const t = useT();
  return (
    <chakra.section aria-labelledby={`uploads-${type}`} minW="0">
      <chakra.h2 id={`uploads-${type}`} fontSize="lg" fontWeight="700" mb="3">
        {heading}
      </chakra.h2>
      <chakra.ul listStyleType="none" display="grid" gap="2">
        {owners.map((owner) => (
          <li key={owner.id}>
            <OwnerLink to={`/admin/uploads/${type}/${owner.id}`}>
              <chakra.span minW="0" overflowWrap="anywhere">
                {/* Read aloud before the title; the name keeps every word the link shows. */}
                <chakra.span srOnly>{`${t('admin_uploads_edit')}: `}</chakra.span>
                {owner.title}
              </chakra.span>
              <chakra.span flexShrink="0" fontSize="sm" color="fg.muted">
                {t('admin_uploads_picture_count', { count: owner.count })}
              </chakra.span>
            </OwnerLink>
          </li>
        ))}
      </chakra.ul>
    </chakra.section>
  );
}

export default function AdminUploadsIndex() {
  const { courses, products } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <chakra.div minW="0">
      <chakra.h1 fontSize={{ base: '2xl', md: '3xl' }} fontWeight="700" mb="2">
        {t('admin_uploads_title')}
      </chakra.h1>
      <chakra.p color="fg.muted" mb="6">
        {t('admin_uploads_intro')}
      </chakra.p>
      <chakra.div display="grid" gap="8" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }}>
        <OwnerList heading={t('admin_uploads_courses')} type="courses" owners={courses} />
        <OwnerList heading={t('admin_uploads_products')} type="products" owners={products} />
      </chakra.div>
    </chakra.div>
  );
}

export function ErrorBoundary() {
  return <AdminUploadsErrorBoundary />;
}
