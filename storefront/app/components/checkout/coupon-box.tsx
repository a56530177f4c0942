/** The coupon box: codes the buyer adds, each checked with the CMS and shown with its notice. */
import { couponResultModal } from '@sala/shared/texts';
import type { PriceBreakdown } from '@sala/shared/pricing';
import { lazy, Suspense, useState } from 'react';
import { useT } from '~/models/i18n';
import type { CheckoutCoupon } from '~/models/checkout/pricing';
import { useFieldError } from './form-fields';
import { FormButton } from './form-button';
import { useOpenedOnce } from './opened-once';

// a Chakra dialog: loaded with the first answer, so the cart's first screen does without Chakra (ADR 215)
const loadResultDialog = () => import('./coupon-result-dialog');
const CouponResultDialog = lazy(loadResultDialog);

export type CouponLookup = { code: string; status: string };

/** The coupon box: a code, the result modal with the spec's titles, and the coupons kept with their notices. */
export function CouponBox({
  coupons,
  breakdown,
  busy,
  lookup,
  onApply,
  onRemove,
  onLookupSeen,
}: {
  coupons: CheckoutCoupon[];
  breakdown: PriceBreakdown;
  busy: boolean;
  lookup: CouponLookup | null;
  onApply: (code: string) => void;
  onRemove: (code: string) => void;
  onLookupSeen: () => void;
}) {
  const t = useT();
  const [code, setCode] = useState('');
  const error = useFieldError('couponCode');
  const modal = lookup ? couponResultModal(lookup.status) : null;
  const resultMounted = useOpenedOnce(Boolean(modal));
  const apply = () => {
    void loadResultDialog(); // fetched while the CMS looks the code up
    const trimmed = code.trim();
    if (trimmed) onApply(trimmed);
  };
  return (
    <div className="ck-stack-3" data-testid="coupon-box">
      <div className="ck-coupon-row">
        <input
          className="ck-input"
          name="couponCodeInput"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.toUpperCase())}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          placeholder={t('cart_coupon_placeholder')}
          aria-label={t('cart_coupon_label')}
          aria-invalid={error.error ? true : undefined}
          maxLength={64}
          autoComplete="off"
        />
        <FormButton type="button" onClick={apply} loading={busy} variant="outline" palette="teal" data-testid="coupon-apply">
          {t('button_apply')}
        </FormButton>
      </div>
      {error.error ? (
        <p className="ck-error-sm" role="alert">
          {error.error}
        </p>
      ) : null}
      {coupons.length > 0 ? (
        <ul className="ck-coupons" data-testid="coupon-list">
          {coupons.map((coupon) => {
            const rejected = breakdown.rejectedCoupons.find((item) => item.code.toUpperCase() === coupon.code.toUpperCase());
            const applied = breakdown.appliedCoupons.find((item) => item.id === coupon.id);
            return (
              <li key={coupon.code} className="ck-coupon" data-testid="coupon" data-code={coupon.code} data-applied={Boolean(applied)}>
                <input type="hidden" name="couponCodes" value={coupon.code} />
                <span className="ck-min-0">
                  <span className="ck-bold">{coupon.code}</span>
                  {coupon.name ? <span className="ck-muted"> · {coupon.name}</span> : null}
                  {rejected ? (
                    <span className="ck-block-line ck-small ck-warn" data-testid="coupon-notice">
                      {t(rejected.reason)}
                    </span>
                  ) : null}
                </span>
                <CloseButton label={`${t('button_remove')} ${coupon.code}`} onClick={() => onRemove(coupon.code)} />
              </li>
            );
          })}
        </ul>
      ) : null}

      {resultMounted ? (
        <Suspense fallback={null}>
          <CouponResultDialog modal={modal} onClose={onLookupSeen} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Chakra's CloseButton (small, ghost): a native button with its cross. */
export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="cart-close" aria-label={label} onClick={onClick}>
      <svg viewBox="0 0 24 24" width="16" height="16" fill="currentColor" aria-hidden="true" focusable="false">
        <path d="M18.3 5.71a1 1 0 0 0-1.41 0L12 10.59 7.11 5.7A1 1 0 0 0 5.7 7.11L10.59 12 5.7 16.89a1 1 0 1 0 1.41 1.41L12 13.41l4.89 4.89a1 1 0 0 0 1.41-1.41L13.41 12l4.89-4.89a1 1 0 0 0 0-1.4z" />
      </svg>
    </button>
  );
}
