/**
 * Delivery of a course's printed book inside the layout-four checkout form: the student's saved
 * address (kept, or replaced by a new one) or the address fields, and the shop's shipping
 * methods. Everything posts with the checkout form itself, so a guest (who has no account to
 * save an address to yet) and a browser without script order the same way; the action saves a
 * new address once the student is signed in and sends its id and the method with the order.
 */
import { useField } from '@conform-to/react';
import { useEffect, useRef, useState } from 'react';
import { AddressSummary, ShippingFeeSelect } from '~/components/shipping/shipping-section';
import { THAI_PROVINCES } from '~/components/shipping/provinces';
import { PayNotice } from '~/components/payment/pay-button';
import type { ShippingData } from '~/models/shipping/types';
import { useT } from '~/models/i18n';
import { SHIPPING_FIELD_PREFIX } from '~/models/checkout/checkout-schema';
import { FormButton } from './form-button';
import { SelectField, TextField, useFieldError } from './form-fields';

/** The fields the shared schema requires; the address is missing while one of them is blank. */
const REQUIRED = ['fullname', 'tel', 'address', 'district', 'province', 'postcode'] as const;
const fieldName = (name: string) => `${SHIPPING_FIELD_PREFIX}.${name}`;

function AddressFields({ onMissingChange }: { onMissingChange: (missing: boolean) => void }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [fullname] = useField(fieldName('fullname'));
  const [tel] = useField(fieldName('tel'));
  const [line] = useField(fieldName('address'));
  const [district] = useField(fieldName('district'));
  const [province] = useField(fieldName('province'));
  const [postcode] = useField(fieldName('postcode'));
  // What the server sent back (a refused post keeps the typed address) counts as typed.
  const initiallyMissing = [fullname, tel, line, district, province, postcode].some((meta) => typeof meta.initialValue !== 'string' || meta.initialValue.trim() === '');

  useEffect(() => onMissingChange(initiallyMissing), [initiallyMissing, onMissingChange]);

  const recheck = () => {
    const form = box.current;
    if (!form) return;
    const blank = REQUIRED.some((name) => {
      const input = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${fieldName(name)}"]`);
      return !input || input.value.trim() === '';
    });
    onMissingChange(blank);
  };

  return (
    <div ref={box} onInput={recheck} onChange={recheck} data-testid="checkout-shipping-address">
      <div className="ck-stack">
        <div className="ck-grid-2">
          <TextField name={fieldName('fullname')} label={t('shipping_fullname')} required autoComplete="shipping name" maxLength={255} />
          <TextField name={fieldName('tel')} type="tel" inputMode="tel" label={t('checkout_shipping_tel')} required autoComplete="shipping tel" maxLength={10} />
        </div>
        <TextField name={fieldName('address')} label={t('shipping_address_line')} required autoComplete="shipping address-line1" maxLength={1000} />
        <div className="ck-grid-2">
          <TextField name={fieldName('subdistrict')} label={t('shipping_subdistrict')} maxLength={255} />
          <TextField name={fieldName('district')} label={t('shipping_district')} required maxLength={255} />
          <SelectField
            name={fieldName('province')}
            label={t('shipping_province')}
            required
            placeholder={t('shipping_province_placeholder')}
            options={THAI_PROVINCES.map((province) => ({ value: province, label: province }))}
          />
          <TextField name={fieldName('postcode')} inputMode="numeric" label={t('shipping_postcode')} required autoComplete="shipping postal-code" maxLength={5} />
        </div>
      </div>
    </div>
  );
}

export function CheckoutShipping({
  shipping,
  feeId,
  onFeeChange,
  onMissingChange,
}: {
  shipping: ShippingData;
  feeId: number | null;
  onFeeChange: (feeId: number) => void;
  onMissingChange: (missing: boolean) => void;
}) {
  const t = useT();
  const saved = shipping.address;
  const [useSaved, setUseSaved] = useState(saved !== null);
  const feeError = useFieldError('shippingFeeId');

  useEffect(() => {
    if (useSaved) onMissingChange(false);
  }, [useSaved, onMissingChange]);

  return (
    <div className="ck-stack-5" data-testid="checkout-shipping">
      <p className="ck-muted">{t('checkout_shipping_book_note')}</p>
      <div className="ck-stack-3" data-testid="checkout-shipping-address-block">
        <h4 className="ck-strong">{t('cart_shipping_address')}</h4>
        {saved && useSaved ? (
          <>
            <input type="hidden" name="shippingAddressId" value={saved.id} />
            <AddressSummary address={saved} testId="checkout-shipping-saved" />
            <div>
              <FormButton type="button" size="sm" variant="outline" onClick={() => setUseSaved(false)} data-testid="checkout-shipping-change">
                {t('checkout_shipping_new_address')}
              </FormButton>
            </div>
          </>
        ) : (
          <>
            <AddressFields onMissingChange={onMissingChange} />
            {saved ? (
              <div>
                <FormButton type="button" size="sm" variant="outline" onClick={() => setUseSaved(true)} data-testid="checkout-shipping-use-saved">
                  {t('checkout_shipping_saved')}
                </FormButton>
              </div>
            ) : null}
          </>
        )}
      </div>
      <div className="ck-stack-3" data-field="shippingFeeId">
        <h4 className="ck-strong">{t('cart_shipping_method')}</h4>
        <ShippingFeeSelect fees={shipping.fees} value={feeId} onChange={onFeeChange} />
        {feeError.error ? <PayNotice description={<span className="pay-notice-title">{feeError.error}</span>} testId="checkout-shipping-fee-error" /> : null}
      </div>
    </div>
  );
}
