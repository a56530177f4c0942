/**
 * Shipping for an order with physical items: the delivery address (a summary with a change
 * button, or the form when there is none yet) and the shipping-method selector. It holds no
 * <form> of its own, so it can sit inside a checkout form: the address is posted by a fetcher
 * (intent `shipping-address` to the page's action, checked with the shared schema first),
 * and the checkout form receives `shippingAddressId` and `shippingFeeId`.
 */
import { Alert, Button, Field, Input, NativeSelect, RadioGroup, Stack, chakra } from '@chakra-ui/react';
import { useFetcher } from '@remix-run/react';
import { formatMoney, money } from '@sala/shared/money';
import { buildShippingAddressSchema } from '@sala/shared/schemas';
import { useEffect, useMemo, useState } from 'react';
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
    <chakra.address fontStyle="normal" lineHeight="1.7" data-testid={testId}>
      <chakra.span display="block" fontWeight="600">
        {address.fullname} · {address.tel}
      </chakra.span>
      <chakra.span display="block" overflowWrap="anywhere">
        {[address.address, address.subdistrict, address.district, address.province, address.postcode].filter(Boolean).join(' ')}
      </chakra.span>
    </chakra.address>
  );
}

function AddressForm({ initial, onCancel, onSaved }: { initial: ShippingAddressView | null; onCancel: (() => void) | null; onSaved: () => void }) {
  const t = useT();
  const translator = useTranslator();
  const schema = useMemo(() => buildShippingAddressSchema(translator), [translator]);
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
    const parsed = schema.safeParse(next);
    const issue = parsed.success ? undefined : parsed.error.issues.find((item) => item.path[0] === field);
    setErrors((current) => ({ ...current, [field]: issue?.message }));
  };

  const save = () => {
    const parsed = schema.safeParse(values);
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
    return (
      <Field.Root invalid={Boolean(errors[name])} required={input.required ?? true} ids={{ control: id, errorText: `${id}-error`, label: `${id}-label` }} data-field={name}>
        <Field.Label>
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
        {name === 'province' ? (
          <NativeSelect.Root>
            <NativeSelect.Field
              value={values.province}
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
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : (
          <Input
            value={values[name]}
            inputMode={input.inputMode}
            maxLength={input.maxLength}
            autoComplete={input.autoComplete}
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
                save();
              }
            }}
            data-testid={`shipping-${name}`}
          />
        )}
        <Field.ErrorText>{errors[name]}</Field.ErrorText>
      </Field.Root>
    );
  };

  return (
    <Stack gap="3" data-testid="shipping-address-form">
      {field('fullname', t('shipping_fullname'), { autoComplete: 'shipping name' })}
      {field('tel', t('shipping_tel'), { inputMode: 'tel', maxLength: 10, autoComplete: 'shipping tel' })}
      {field('address', t('shipping_address_line'), { autoComplete: 'shipping address-line1' })}
      <chakra.div display="grid" gap="3" gridTemplateColumns={{ base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }}>
        {field('subdistrict', t('shipping_subdistrict'), { required: false })}
        {field('district', t('shipping_district'))}
        {field('province', t('shipping_province'))}
        {field('postcode', t('shipping_postcode'), { inputMode: 'numeric', maxLength: 5, autoComplete: 'shipping postal-code' })}
      </chakra.div>
      {errors._ ? (
        <chakra.p color="fg.error" fontSize="sm">
          {errors._}
        </chakra.p>
      ) : null}
      <chakra.div display="flex" gap="2" flexWrap="wrap">
        <Button
          type="button"
          colorPalette="teal"
          onClick={save}
          // Pressing the button must not blur the field first: the blur check adds or removes a
          // message above the button, the button moves before the mouse is released, and the
          // click is lost. The save checks every field anyway.
          onMouseDown={(event) => event.preventDefault()}
          loading={busy}
          data-testid="shipping-address-save"
        >
          {t('shipping_save_address')}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('button_cancel')}
          </Button>
        ) : null}
      </chakra.div>
    </Stack>
  );
}

export function ShippingAddressBlock({ address }: { address: ShippingAddressView | null }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  if (address && !editing) {
    return (
      <Stack gap="3">
        <input type="hidden" name="shippingAddressId" value={address.id} />
        <AddressSummary address={address} />
        <chakra.div>
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing(true)} data-testid="shipping-address-change">
            {t('shipping_change_address')}
          </Button>
        </chakra.div>
      </Stack>
    );
  }
  return (
    <Stack gap="3">
      {address ? <input type="hidden" name="shippingAddressId" value={address.id} /> : null}
      {!address ? (
        <Alert.Root status="warning" data-testid="shipping-address-missing">
          <Alert.Indicator />
          <Alert.Title>{t('cart_shipping_address_required')}</Alert.Title>
        </Alert.Root>
      ) : null}
      <AddressForm key={address?.id ?? 'new'} initial={address} onCancel={address ? () => setEditing(false) : null} onSaved={() => setEditing(false)} />
    </Stack>
  );
}

export function ShippingFeeSelect({ fees, value, onChange }: { fees: ShippingData['fees']; value: number | null; onChange: (feeId: number) => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <RadioGroup.Root
      name="shippingFeeId"
      value={value === null ? null : String(value)}
      onValueChange={(event) => event.value && onChange(Number(event.value))}
      colorPalette="teal"
      data-testid="shipping-fees"
    >
      <Stack gap="3">
        {fees.map((fee) => (
          <RadioGroup.Item key={fee.id} value={String(fee.id)} alignItems="flex-start" data-testid="shipping-fee" data-fee-id={fee.id}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator mt="0.5" />
            <RadioGroup.ItemText flex="1" minW="0">
              <chakra.span display="flex" justifyContent="space-between" gap="3">
                <chakra.span fontWeight="600">{fee.name}</chakra.span>
                <chakra.span fontWeight="600" whiteSpace="nowrap">
                  {fee.priceAmount === 0 ? t('shipping_free') : formatMoney(money(fee.priceAmount, 'THB'), locale)}
                </chakra.span>
              </chakra.span>
              {fee.description ? (
                <chakra.span display="block" fontSize="sm" color="fg.muted" fontWeight="400">
                  {fee.description}
                </chakra.span>
              ) : null}
            </RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  );
}

/** The fee of a chosen method in satang (0 when none is chosen). */
export function shippingFeeAmount(data: ShippingData | null, feeId: number | null): number {
  return data?.fees.find((fee) => fee.id === feeId)?.priceAmount ?? 0;
}
