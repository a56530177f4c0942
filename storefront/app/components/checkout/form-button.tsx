/**
 * A native button drawn as Chakra's Button (sizes xs to lg, solid or outline, gray or teal) with
 * the static classes of styles/checkout.css: the checkout form renders on the server on hot pages.
 * While `loading`, it is disabled and shows a spinner over its label (still read by screen readers).
 */
import type { ButtonHTMLAttributes } from 'react';
import { cx } from '~/components/class-names';

type FormButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  size?: 'xs' | 'sm' | 'md' | 'lg';
  variant?: 'solid' | 'outline';
  palette?: 'gray' | 'teal';
  loading?: boolean;
  fullWidth?: boolean;
};

export function FormButton({ size = 'md', variant = 'solid', palette = 'gray', loading = false, fullWidth = false, className, disabled, children, ...button }: FormButtonProps) {
  return (
    <button
      type="button"
      className={cx('ck-button', `ck-button-${size}`, `ck-button-${variant}`, `ck-palette-${palette}`, fullWidth && 'ck-button-full', className)}
      disabled={disabled || loading}
      data-loading={loading ? '' : undefined}
      aria-busy={loading || undefined}
      {...button}
    >
      {loading ? (
        <>
          <span className="ck-spinner" aria-hidden="true" />
          <span className="ck-button-label">{children}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
