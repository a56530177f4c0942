/**
 * The site header's navigation: courses (home), products, the cart with its item count, and
 * for a signed-in student "my courses", "my orders", the administrator area for a shop
 * administrator, and log out (POST /logout); for a visitor "log in",
 * coming back to the page they were on. From lg up the links sit in one row; below, the cart
 * stays visible and the rest opens from a menu button: a <details> element, so the menu opens
 * on a page sent without scripts too (ADR 212).
 */
import { Form, useLocation } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useT } from '~/models/i18n';

/** The student's own courses (the how-to-buy text sends students to this menu). */
const MY_COURSES_PATH = '/myaccount/student/courses';

type NavStudent = { userId: number; name: string; shopAdmin?: boolean };

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
    <a className="nav-link" href="/cart" aria-label={label} aria-current={pathname === '/cart' ? 'page' : undefined} data-testid={testId}>
      <CartIcon />
      <span className="hide-below-md">{t('nav_cart')}</span>
      {/* A space between the words and the count: "ตะกร้า 2", the start of the link's name. */}
      {count ? ' ' : null}
      {count ? (
        <span className="nav-cart-count" data-testid="nav-cart-count">
          {count}
        </span>
      ) : null}
    </a>
  );
}

function AccountLinks({ student, returnTo }: { student: NavStudent | null; returnTo: string }) {
  const t = useT();
  if (!student) {
    return (
      <a className="nav-link" href={`/login?redirect=${encodeURIComponent(returnTo)}`} data-testid="nav-login">
        {t('nav_login')}
      </a>
    );
  }
  return (
    <>
      <a className="nav-link" href={MY_COURSES_PATH} data-testid="nav-my-courses">
        {t('nav_my_courses')}
      </a>
      <a className="nav-link" href="/myaccount/student/order" data-testid="nav-orders">
        {t('nav_my_orders')}
      </a>
      {student.shopAdmin ? (
        <a className="nav-link" href="/admin" data-testid="nav-admin">
          {t('nav_admin')}
        </a>
      ) : null}
      <Form method="post" action="/logout" reloadDocument>
        <button className="nav-link" type="submit" data-testid="nav-logout" title={student.name}>
          {t('nav_logout')}
        </button>
      </Form>
    </>
  );
}

export function SiteNav({ student, cartCount, localeSwitch }: { student: NavStudent | null; cartCount: number | null; localeSwitch: ReactNode }) {
  const t = useT();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const returnTo = `${location.pathname}${location.search}`;
  const here = (path: string) => (location.pathname === path ? 'page' : undefined);

  useEffect(() => setOpen(false), [location.pathname, location.search]);

  // the same two links in the wide row and in the narrow screen's menu
  const catalogueLinks = (
    <>
      <a className="nav-link" href="/" aria-current={here('/')}>
        {t('nav_courses')}
      </a>
      <a className="nav-link" href="/products" aria-current={here('/products')}>
        {t('nav_products')}
      </a>
    </>
  );

  return (
    <>
      <nav aria-label={t('nav_main')} className="nav-row nav-wide" data-testid="site-nav">
        {catalogueLinks}
        <CartLink count={cartCount} testId="nav-cart" />
        <AccountLinks student={student} returnTo={returnTo} />
        <span className="nav-divider" aria-hidden />
        {localeSwitch}
      </nav>

      <div className="nav-row nav-narrow">
        <CartLink count={cartCount} testId="nav-cart-mobile" />
        {/* The browser opens and closes it; after hydration a navigation closes it too. */}
        <details className="nav-menu-details" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
          <summary className="nav-link nav-menu-toggle" aria-label={t('nav_menu')} data-testid="nav-toggle">
            <svg aria-hidden width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <g className="nav-menu-icon-open">
                <path d="M3 6h18" />
                <path d="M3 12h18" />
                <path d="M3 18h18" />
              </g>
              <path className="nav-menu-icon-close" d="M6 6l12 12M18 6L6 18" />
            </svg>
          </summary>
          <nav aria-label={t('nav_main')} className="nav-menu" data-testid="site-nav-mobile">
            {catalogueLinks}
            <AccountLinks student={student} returnTo={returnTo} />
            <div className="nav-menu-locale">{localeSwitch}</div>
          </nav>
        </details>
      </div>
    </>
  );
}
