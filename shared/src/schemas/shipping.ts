import { z } from 'zod';
import { LIMITS } from '../constants/index.js';
import { defaultTranslate, type Translate } from '../texts/index.js';
import { isDigits, textField } from './fields.js';

/**
 * The shipping address form and payload (`POST /private/shipping-addresses`): recipient,
 * phone of 9-10 digits, address, district, province and a 5-digit postcode are required;
 * the subdistrict is optional. Messages come from the translator (the spec's Thai ones with defaultTranslate).
 */
export function buildShippingAddressSchema(t: Translate) {
  const required = (label: string, max: number = LIMITS.nameMaxLength) =>
    textField([
      [(v) => v !== '', t('validation_required', { label })],
      [(v) => v.length <= max, t('validation_max_length', { label, max })],
    ]);
  return z.object({
    fullname: required(t('shipping_fullname')),
    tel: textField([
      [(v) => v !== '', t('validation_required', { label: t('shipping_tel') })],
      [(v) => isDigits(v) && v.length >= LIMITS.telMinDigits && v.length <= LIMITS.telMaxDigits, t('validation_tel_digits')],
    ]),
    address: required(t('shipping_address_line'), 1000),
    subdistrict: textField([[(v) => v.length <= LIMITS.nameMaxLength, t('validation_max_length', { label: t('shipping_subdistrict'), max: LIMITS.nameMaxLength })]]),
    district: required(t('shipping_district')),
    province: required(t('shipping_province')),
    postcode: textField([[(v) => v.length === LIMITS.postcodeDigits && isDigits(v), t('tax_postcode_invalid')]]),
  });
}

/** The shipping address with the Thai defaults' messages. */
export const ShippingAddressSchema = /* @__PURE__ */ buildShippingAddressSchema(defaultTranslate);
export type ShippingAddressValues = z.output<ReturnType<typeof buildShippingAddressSchema>>;
