/**
 * The payment page's buttons and notices as plain elements with the static classes of
 * styles/checkout.css and styles/payment.css, drawn as Chakra's Button, Spinner and Alert
 * (ADR 210): the page renders them on its first screen without loading Chakra's runtime.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from '~/components/class-names';

type Look = { size?: 'xs' | 'sm' | 'md' | 'lg'; variant?: 'solid' | 'outline' | 'ghost'; palette?: 'gray' | 'teal'; fullWidth?: boolean };

/** The classes of a button (or of a link drawn as one). */
export function buttonClass({ size = 'md', variant = 'solid', palette = 'gray', fullWidth = false }: Look, className?: string): string {
  return cx('ck-button', `ck-button-${size}`, variant === 'ghost' ? 'pay-button-ghost' : `ck-button-${variant}`, `ck-palette-${palette}`, fullWidth && 'ck-button-full', className);
}

type PayButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & Look & { loading?: boolean; loadingText?: ReactNode };

/**
 * A native button. While `loading` it is disabled and shows a spinner: over its label (still
 * read by screen readers), or before `loadingText` in its place, as Chakra's Button does.
 */
export function PayButton({ size, variant, palette, fullWidth, loading = false, loadingText, className, disabled, children, ...button }: PayButtonProps) {
  let content: ReactNode = children;
  if (loading && loadingText) {
    content = (
      <>
        <span className="pay-spinner pay-spinner-inherit" aria-hidden="true" />
        {loadingText}
      </>
    );
  } else if (loading) {
    content = (
      <>
        <span className="ck-spinner" aria-hidden="true" />
        <span className="ck-button-label">{children}</span>
      </>
    );
  }
  return (
    <button type="button" className={buttonClass({ size, variant, palette, fullWidth }, className)} disabled={disabled || loading} data-loading={loading ? '' : undefined} {...button}>
      {content}
    </button>
  );
}

/** Chakra's Spinner. */
export function PaySpinner({ size }: { size: 'xs' | 'sm' }) {
  return <span className={cx('pay-spinner', size === 'xs' && 'pay-spinner-xs')} aria-hidden="true" />;
}

const ICONS = {
  warning:
    'M12 22C6.47715 22 2 17.5228 2 12C2 6.47715 6.47715 2 12 2C17.5228 2 22 6.47715 22 12C22 17.5228 17.5228 22 12 22ZM12 20C16.4183 20 20 16.4183 20 12C20 7.58172 16.4183 4 12 4C7.58172 4 4 7.58172 4 12C4 16.4183 7.58172 20 12 20ZM11 15H13V17H11V15ZM11 7H13V13H11V7Z',
  info: 'M12 22C6.47715 22 2 17.5228 2 12C2 6.47715 6.47715 2 12 2C17.5228 2 22 6.47715 22 12C22 17.5228 17.5228 22 12 22ZM12 20C16.4183 20 20 16.4183 20 12C20 7.58172 16.4183 4 12 4C7.58172 4 4 7.58172 4 12C4 16.4183 7.58172 20 12 20ZM11 7H13V9H11V7ZM11 11H13V17H11V11Z',
};

/** Chakra's Alert (subtle, medium) with its status icon. */
export function PayNotice({
  title,
  description,
  status = 'error',
  testId,
  role,
  id,
}: {
  title?: string;
  description?: ReactNode;
  status?: 'error' | 'warning' | 'info';
  testId?: string;
  role?: string;
  /** A notice with an id can take the focus (a form's first problem). */
  id?: string;
}) {
  return (
    <div className={cx('pay-notice', status !== 'error' && `pay-notice-${status}`)} data-testid={testId} role={role} data-status={status} id={id} tabIndex={id ? -1 : undefined}>
      <span>
        <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" stroke="currentColor" strokeWidth="0" aria-hidden="true" focusable="false">
          <path d={status === 'info' ? ICONS.info : ICONS.warning} />
        </svg>
      </span>
      <div className="pay-notice-content">
        {title ? <div className="pay-notice-title">{title}</div> : null}
        {description ? <div>{description}</div> : null}
      </div>
    </div>
  );
}

/** The failure notice of spec section 8: titled cart_fail, with the reason under it. */
export function CardNotice({ title, description, status = 'error' }: { title?: string; description: string; status?: 'error' | 'warning' | 'info' }) {
  return <PayNotice status={status} title={title} description={description} testId="card-notice" role="alert" />;
}
