/**
 * Shipping for an order with physical items: the delivery address (a summary with a change
 * button, or the form when there is none yet) and the shipping-method selector. It holds no
 * <form> of its own, so it can sit inside a checkout form: the address is posted by a fetcher
 * (intent `shipping-address` to the page's action, checked with the shared schema first),
 * and the checkout form receives `shippingAddressId` and `shippingFeeId`.
 */
import { useFetcher } from '@remix-run/react';
import { formatMoney, money } from '@sala/shared/money';
import { useEffect, useMemo, useState } from 'react';
import { FormButton } from '~/components/checkout/form-button';
import { FieldShell, controlProps } from '~/components/checkout/form-fields';
import { PayNotice } from '~/components/payment/pay-button';
import { loadFormChecks, touchForm, useFormChecks } from '~/models/forms/checks-later';
import { useLocale, useT, useTranslator } from '~/models/i18n';
import { THAI_PROVINCES } from './provinces';
import { SHIPPING_ADDRESS_INTENT, type ShippingAddressActionData, type ShippingAddressView, type ShippingData } from '~/models/shipping/types';

type FieldName = 'fullname' | 'tel' | 'address' | 'subdistrict' | 'district' | 'province' | 'postcode';
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName | '_', string>>;

/** What the page's action answers to a `shipping-address` post. */
const EMPTY: Values = { fullname: '', tel: '', address: '', subdistrict: '', district: '', province: '', postcode: '' };

function valuesOf(address: ShippingAddressView | null): Values {
  if (!address) return EMPTY;
  const { fullname, tel, address: line, subdistrict, district, province, postcode } = address;
  return { fullname, tel, address: line, subdistrict, district, province, postcode };
}

/** A delivery address in two lines: who and how to reach them, then where. */
export function AddressSummary({ address, testId = 'shipping-address-summary' }: { address: ShippingAddressView; testId?: string }) {
  return (
    <address className="ck-address" data-testid={testId}>
      <span className="ck-strong">
        {address.fullname} · {address.tel}
      </span>
      <span>{[address.address, address.subdistrict, address.district, address.province, address.postcode].filter(Boolean).join(' ')}</span>
    </address>
  );
}

function AddressForm({ initial, onCancel, onSaved }: { initial: ShippingAddressView | null; onCancel: (() => void) | null; onSaved: () => void }) {
  const t = useT();
  const translator = useTranslator();
  // the browser checks from the form's first touch on (ADR 216)
  const checks = useFormChecks();
  const schema = useMemo(() => checks?.buildShippingAddressSchema(translator), [checks, translator]);
  const fetcher = useFetcher<ShippingAddressActionData>();
  const [values, setValues] = useState<Values>(() => valuesOf(initial));
  const [errors, setErrors] = useState<Errors>({});
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== 'idle' || !answer || answer.intent !== SHIPPING_ADDRESS_INTENT) return;
    if (answer.ok) {
      onSaved();
      return;
    }
    const next: Errors = {};
    for (const [field, messages] of Object.entries(answer.fieldErrors ?? {})) if (messages[0]) next[field as FieldName] = messages[0];
    if (answer.formError) next._ = answer.formError;
    setErrors(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  const check = (field: FieldName, next: Values) => {
    if (!schema) return; // checked when saved
    const parsed = schema.safeParse(next);
    const issue = parsed.success ? undefined : parsed.error.issues.find((item) => item.path[0] === field);
    setErrors((current) => ({ ...current, [field]: issue?.message }));
  };

  const save = async () => {
    const parsed = (schema ?? (await loadFormChecks()).buildShippingAddressSchema(translator)).safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as FieldName] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    fetcher.submit({ intent: SHIPPING_ADDRESS_INTENT, ...parsed.data }, { method: 'post' });
  };

  const field = (name: FieldName, label: string, input: { inputMode?: 'numeric' | 'tel'; maxLength?: number; autoComplete?: string; required?: boolean } = {}) => {
    const id = `shipping-${name}`;
    const required = input.required ?? true;
    const meta = { id, errorId: `${id}-error`, descriptionId: `${id}-description`, error: errors[name], initialValue: undefined, key: undefined };
    return (
      <FieldShell name={name} label={label} required={required} field={meta}>
        {name === 'province' ? (
          <select
            className="ck-select"
            {...controlProps(meta, { required })}
            value={values.province}
            onFocus={touchForm}
            onChange={(event) => {
              const next = { ...values, province: event.currentTarget.value };
              setValues(next);
              check('province', next);
            }}
            data-testid="shipping-province"
          >
            <option value="">{t('shipping_province_placeholder')}</option>
            {THAI_PROVINCES.map((province) => (
              <option key={province} value={province}>
                {province}
              </option>
            ))}
          </select>
        ) : (
          <input
            className="ck-input"
            {...controlProps(meta, { required })}
            value={values[name]}
            inputMode={input.inputMode}
            maxLength={input.maxLength}
            autoComplete={input.autoComplete}
            onFocus={touchForm}
            onChange={(event) => {
              // read now: React clears currentTarget before a functional update runs
              const value = event.currentTarget.value;
              setValues((current) => ({ ...current, [name]: value }));
            }}
            onBlur={() => check(name, values)}
            onKeyDown={(event) => {
              // Enter saves the address instead of submitting the surrounding checkout form.
              if (event.key === 'Enter') {
                event.preventDefault();
                void save();
              }
            }}
            data-testid={`shipping-${name}`}
          />
        )}
      </FieldShell>
    );
  };

  return (
    <div className="ck-stack-3" data-testid="shipping-address-form">
      {field('fullname', t('shipping_fullname'), { autoComplete: 'shipping name' })}
      {field('tel', t('shipping_tel'), { inputMode: 'tel', maxLength: 10, autoComplete: 'shipping tel' })}
      {field('address', t('shipping_address_line'), { autoComplete: 'shipping address-line1' })}
      <div className="ck-address-grid">
        {field('subdistrict', t('shipping_subdistrict'), { required: false })}
        {field('district', t('shipping_district'))}
        {field('province', t('shipping_province'))}
        {field('postcode', t('shipping_postcode'), { inputMode: 'numeric', maxLength: 5, autoComplete: 'shipping postal-code' })}
      </div>
      {errors._ ? <p className="ck-error-text pay-sm">{errors._}</p> : null}
      <div className="ck-buttons">
        <FormButton
          palette="teal"
          onClick={() => void save()}
          // Pressing the button must not blur the field first: the blur check adds or removes a
          // message above the button, the button moves before the mouse is released, and the
          // click is lost. The save checks every field anyway.
          onMouseDown={(event) => event.preventDefault()}
          loading={busy}
          data-testid="shipping-address-save"
        >
          {t('shipping_save_address')}
        </FormButton>
        {onCancel ? (
          <FormButton variant="outline" onClick={onCancel}>
            {t('button_cancel')}
          </FormButton>
        ) : null}
      </div>
    </div>
  );
}

export function ShippingAddressBlock({ address }: { address: ShippingAddressView | null }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  if (address && !editing) {
    return (
      <div className="ck-stack-3">
        <input type="hidden" name="shippingAddressId" value={address.id} />
        <AddressSummary address={address} />
        <div>
          <FormButton size="sm" variant="outline" onClick={() => setEditing(true)} data-testid="shipping-address-change">
            {t('shipping_change_address')}
          </FormButton>
        </div>
      </div>
    );
  }
  return (
    <div className="ck-stack-3">
      {address ? <input type="hidden" name="shippingAddressId" value={address.id} /> : null}
      {!address ? <PayNotice status="warning" description={<span className="pay-notice-title">{t('cart_shipping_address_required')}</span>} testId="shipping-address-missing" /> : null}
      <AddressForm key={address?.id ?? 'new'} initial={address} onCancel={address ? () => setEditing(false) : null} onSaved={() => setEditing(false)} />
    </div>
  );
}

/** The shop's shipping methods as native radios named `shippingFeeId`, drawn as Chakra's RadioGroup was. */
export function ShippingFeeSelect({ fees, value, onChange }: { fees: ShippingData['fees']; value: number | null; onChange: (feeId: number) => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="ck-stack-3" role="radiogroup" data-testid="shipping-fees">
      {fees.map((fee) => (
        <label key={fee.id} className="ck-check ck-fee" data-testid="shipping-fee" data-fee-id={fee.id}>
          <input className="ck-radio" type="radio" name="shippingFeeId" value={String(fee.id)} checked={value === fee.id} onChange={() => onChange(fee.id)} />
          <span className="ck-fee-text">
            <span className="ck-fee-line">
              <span className="ck-strong">{fee.name}</span>
              <span className="ck-strong">{fee.priceAmount === 0 ? t('shipping_free') : formatMoney(money(fee.priceAmount, 'THB'), locale)}</span>
            </span>
            {fee.description ? <span className="ck-method-description">{fee.description}</span> : null}
          </span>
        </label>
      ))}
    </div>
  );
}

/** The fee of a chosen method in satang (0 when none is chosen). */
export function shippingFeeAmount(data: ShippingData | null, feeId: number | null): number {
  return data?.fees.find((fee) => fee.id === feeId)?.priceAmount ?? 0;
}
