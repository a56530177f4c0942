/**
 * The site header's navigation: courses (home), products, the cart with its item count, and
 * for a signed-in student "my orders" and log out (POST /logout); for a visitor "log in",
 * coming back to the page they were on. From md up the links sit in one row; below, the cart
 * stays visible and the rest opens from a menu button.
 */
import { chakra } from '@chakra-ui/react';
import { Form, useLocation } from '@remix-run/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useT } from '~/lib/i18n';

type NavStudent = { userId: number; name: string };

const NavLink = chakra('a', {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    minH: '10',
    px: '3',
    borderRadius: 'md',
    fontWeight: '600',
    fontSize: 'sm',
    color: 'fg',
    whiteSpace: 'nowrap',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
    '&[aria-current=page]': { color: 'brand' },
  },
});

const NavButton = chakra('button', {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    minH: '10',
    px: '3',
    borderRadius: 'md',
    fontWeight: '600',
    fontSize: 'sm',
    color: 'fg',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
  },
});

function CartIcon() {
  return (
    <svg aria-hidden width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="9" cy="21" r="1" />
      <circle cx="20" cy="21" r="1" />
      <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
    </svg>
  );
}

function CartLink({ count, testId }: { count: number | null; testId: string }) {
  const t = useT();
  const { pathname } = useLocation();
  const label = count ? t('cart_count_label', { count }) : t('nav_cart');
  return (
    <NavLink href="/cart" aria-label={label} aria-current={pathname === '/cart' ? 'page' : undefined} data-testid={testId}>
      <CartIcon />
      <chakra.span hideBelow="md">{t('nav_cart')}</chakra.span>
      {count ? (
        <chakra.span minW="5" h="5" px="1.5" borderRadius="full" bg="brand" color="white" fontSize="xs" lineHeight="5" textAlign="center" data-testid="nav-cart-count">
          {count}
        </chakra.span>
      ) : null}
    </NavLink>
  );
}

function AccountLinks({ student, returnTo }: { student: NavStudent | null; returnTo: string }) {
  const t = useT();
  if (!student) {
    return (
      <NavLink href={`/login?redirect=${encodeURIComponent(returnTo)}`} data-testid="nav-login">
        {t('nav_login')}
      </NavLink>
    );
  }
  return (
    <>
      <NavLink href="/myaccount/student/order" data-testid="nav-orders">
        {t('nav_my_orders')}
      </NavLink>
      <Form method="post" action="/logout" reloadDocument>
        <NavButton type="submit" data-testid="nav-logout" title={student.name}>
          {t('nav_logout')}
        </NavButton>
      </Form>
    </>
  );
}

export function SiteNav({ student, cartCount, localeSwitch }: { student: NavStudent | null; cartCount: number | null; localeSwitch: ReactNode }) {
  const t = useT();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const returnTo = `${location.pathname}${location.search}`;
  const here = (path: string) => (location.pathname === path ? 'page' : undefined);

  useEffect(() => setOpen(false), [location.pathname, location.search]);

  return (
    <>
      <chakra.nav aria-label={t('nav_main')} hideBelow="md" display="flex" alignItems="center" gap="1" data-testid="site-nav">
        <NavLink href="/" aria-current={here('/')}>
          {t('nav_courses')}
        </NavLink>
        <NavLink href="/products" aria-current={here('/products')}>
          {t('nav_products')}
        </NavLink>
        <CartLink count={cartCount} testId="nav-cart" />
        <AccountLinks student={student} returnTo={returnTo} />
        <chakra.span w="1px" h="6" bg="border" mx="1" aria-hidden />
        {localeSwitch}
      </chakra.nav>

      <chakra.div hideFrom="md" display="flex" alignItems="center" gap="1">
        <CartLink count={cartCount} testId="nav-cart-mobile" />
        <NavButton type="button" aria-expanded={open} aria-controls={menuId} aria-label={t('nav_menu')} onClick={() => setOpen((value) => !value)} data-testid="nav-toggle">
          <svg aria-hidden width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            {open ? (
              <path d="M6 6l12 12M18 6L6 18" />
            ) : (
              <>
                <path d="M3 6h18" />
                <path d="M3 12h18" />
                <path d="M3 18h18" />
              </>
            )}
          </svg>
        </NavButton>
      </chakra.div>
      <chakra.nav
        id={menuId}
        aria-label={t('nav_main')}
        hideFrom="md"
        display={open ? 'flex' : 'none'}
        flexDirection="column"
        gap="1"
        position="absolute"
        top="100%"
        left="0"
        right="0"
        zIndex="dropdown"
        bg="bg"
        borderBottomWidth="1px"
        borderColor="border"
        boxShadow="md"
        px="4"
        py="3"
        data-testid="site-nav-mobile"
      >
        <NavLink href="/" aria-current={here('/')}>
          {t('nav_courses')}
        </NavLink>
        <NavLink href="/products" aria-current={here('/products')}>
          {t('nav_products')}
        </NavLink>
        <AccountLinks student={student} returnTo={returnTo} />
        <chakra.div pt="2" mt="1" borderTopWidth="1px" borderColor="border">
          {localeSwitch}
        </chakra.div>
      </chakra.nav>
    </>
  );
}
