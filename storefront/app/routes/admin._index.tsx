/** /admin: the area's overview: what waits for the administrator, and where to go. */
import { chakra } from '@chakra-ui/react';
import { data, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { listPendingReports, requireShopAdmin } from '~/lib/admin.server';
import { useT } from '~/models/i18n';
import { getLocale } from '~/lib/i18n.server';
import { ADMIN_NAV } from './admin';

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireShopAdmin(request);
  const pending = await listPendingReports(1, { jwt: admin.jwt, locale: getLocale(request), signal: request.signal });
  return data({ pendingCount: pending.pagination.total }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store', Vary: 'Cookie' });

const Card = chakra(Link, {
  base: {
    display: 'block',
    p: '5',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'xl',
    bg: 'bg',
    _hover: { borderColor: 'teal.500', textDecoration: 'none' },
    _focusVisible: { outline: '3px solid', outlineColor: 'teal.500' },
  },
});

export default function AdminHome() {
  const { pendingCount } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <chakra.section aria-labelledby="admin-home-title">
      <chakra.h1 id="admin-home-title" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="700">
        {t('admin_nav_home')}
      </chakra.h1>
      <chakra.p color="fg.muted" mt="1">
        {t('admin_home_intro')}
      </chakra.p>
      <chakra.div display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4" mt="6">
        {ADMIN_NAV.filter((item) => item.to !== '/admin').map((item) => (
          <Card key={item.to} to={item.to}>
            <chakra.span display="block" fontWeight="700" fontSize="lg">
              {t(item.textKey)}
            </chakra.span>
            {item.to === '/admin/payments' ? (
              <chakra.span display="block" mt="1" color={pendingCount > 0 ? 'orange.700' : 'fg.muted'} data-testid="admin-pending-count">
                {t('admin_home_pending', { count: pendingCount })}
              </chakra.span>
            ) : null}
          </Card>
        ))}
      </chakra.div>
    </chakra.section>
  );
}
