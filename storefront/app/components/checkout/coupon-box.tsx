/** The coupon box: codes the buyer adds, each checked with the CMS and shown with its notice. */
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { couponResultModal } from '@sala/shared/texts';
import type { PriceBreakdown } from '@sala/shared/pricing';
import { useState } from 'react';
import { useT } from '~/models/i18n';
import type { CheckoutCoupon } from '~/models/checkout/pricing';
import { useFieldError } from './form-fields';
import { FormButton } from './form-button';
import { useOpenedOnce } from './opened-once';

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
                <CloseButton size="sm" aria-label={`${t('button_remove')} ${coupon.code}`} onClick={() => onRemove(coupon.code)} />
              </li>
            );
          })}
        </ul>
      ) : null}

      {resultMounted ? (
        <Dialog.Root open={Boolean(modal)} onOpenChange={(event) => !event.open && onLookupSeen()} placement="center">
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner px="4">
              <Dialog.Content data-testid="coupon-result" data-kind={modal?.kind}>
                <Dialog.Header>
                  <Dialog.Title color={modal?.kind === 'warning' ? 'orange.700' : 'green.700'}>{modal ? t(modal.titleKey) : null}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>{modal ? t(modal.descriptionKey) : null}</Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button colorPalette="teal">{t('button_ok')}</Button>
                  </Dialog.ActionTrigger>
                </Dialog.Footer>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      ) : null}
    </div>
  );
}
