/**
 * /admin: the storefront administrator's area. The layout checks the shop_admin role with the
 * CMS on every request (a visitor signs in first, anyone else gets 403), and holds the area's
 * menu. Child routes check the role in their own loaders and actions too.
 */
import { chakra } from '@chakra-ui/react';
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, NavLink, Outlet } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { requireShopAdmin } from '~/lib/admin.server';
import { textsOfMatches, useT } from '~/models/i18n';
import type { loader as rootLoader } from '~/root';
import { Provider, withChakra } from '~/components/provider';

/** The area's menu: one entry per section; a new section adds its link here. */
export const ADMIN_NAV: { to: string; textKey: string; end?: boolean }[] = [
  { to: '/admin', textKey: 'admin_nav_home', end: true },
  { to: '/admin/payments', textKey: 'admin_nav_payments' },
  { to: '/admin/sales', textKey: 'admin_nav_sales' },
  { to: '/admin/orders', textKey: 'admin_nav_orders' },
  { to: '/admin/uploads', textKey: 'admin_nav_uploads' },
  { to: '/admin/homework', textKey: 'admin_nav_homework' },
  { to: '/admin/mails', textKey: 'admin_nav_mails' },
];

const PRIVATE_PAGE = 'private, no-store';

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireShopAdmin(request);
  return data({ username: admin.username }, { headers: { 'Cache-Control': PRIVATE_PAGE } });
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_PAGE, Vary: 'Cookie' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.admin_title ?? 'Admin'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

const MenuLink = chakra(NavLink, {
  base: {
    display: 'block',
    px: '3',
    py: '2',
    borderRadius: 'md',
    fontWeight: '600',
    whiteSpace: 'nowrap',
    color: 'fg',
    _hover: { bg: 'bg.muted', textDecoration: 'none' },
    _focusVisible: { outline: '3px solid', outlineColor: 'teal.500' },
    // The chosen item keeps white on dark teal when hovered too (the pale hover would hide its text).
    '&[aria-current=page]': { bg: 'teal.700', color: 'white', _hover: { bg: 'teal.800' } },
  },
});

function AdminMenu() {
  const t = useT();
  return (
    <chakra.nav aria-label={t('admin_nav_label')} data-testid="admin-nav" overflowX="auto" mx={{ base: '-4', md: '0' }} px={{ base: '4', md: '0' }}>
      <chakra.ul listStyleType="none" display="flex" flexDirection={{ base: 'row', md: 'column' }} gap="1">
        {ADMIN_NAV.map((item) => (
          <li key={item.to}>
            <MenuLink to={item.to} end={item.end} prefetch="intent">
              {t(item.textKey)}
            </MenuLink>
          </li>
        ))}
      </chakra.ul>
    </chakra.nav>
  );
}

function AdminLayout() {
  const t = useT();
  return (
    <chakra.div maxW="7xl" mx="auto" px="4" py={{ base: '5', md: '8' }} data-testid="admin-area">
      <chakra.p fontSize="sm" fontWeight="700" color="teal.700" textTransform="uppercase" letterSpacing="wide" mb="3">
        {t('admin_title')}
      </chakra.p>
      <chakra.div display="grid" gridTemplateColumns={{ base: 'minmax(0, 1fr)', md: '200px minmax(0, 1fr)' }} gap={{ base: '4', md: '8' }} alignItems="start">
        <AdminMenu />
        <chakra.div minW="0">
          <Outlet />
        </chakra.div>
      </chakra.div>
    </chakra.div>
  );
}
export default withChakra(AdminLayout);

/** 403: a plain message (the menu is not shown to someone who may not use it). */
export function ErrorBoundary() {
  return (
    <Provider>
      <GeneralErrorBoundary statusHandlers={{ 403: () => <Forbidden /> }} />
    </Provider>
  );
}

function Forbidden() {
  const t = useT();
  return (
    <chakra.section maxW="2xl" mx="auto" px="4" py="16" textAlign="center" data-testid="admin-forbidden" role="alert">
      <chakra.h1 fontSize="2xl" fontWeight="700">
        {t('admin_forbidden_title')}
      </chakra.h1>
      <chakra.p mt="3" color="fg.muted">
        {t('admin_forbidden_text')}
      </chakra.p>
      <chakra.span display="inline-block" mt="6" color="brand" fontWeight="600" textDecoration="underline" asChild>
        <Link to="/">{t('nav_home')}</Link>
      </chakra.span>
    </chakra.section>
  );
}
