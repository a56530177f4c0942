import { z } from 'zod';
import { LIMITS, TAX_PERSON_TYPES, type TaxPersonType } from '../constants/index.js';
import { defaultTranslate, type TextKey, type Translate } from '../texts/index.js';
import { fileListField, flagField, toText, type FileRef } from './fields.js';
import { isAllowedUpload } from './upload.js';

/**
 * The Thai 13-digit tax id check: each of the first 12 digits times 13 down to 2,
 * summed; the check digit is (11 - sum mod 11) mod 10.
 */
export function isValidThaiTaxId(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const sum = [...value.slice(0, 12)].reduce((total, digit, i) => total + Number(digit) * (13 - i), 0);
  return (11 - (sum % 11)) % 10 === Number(value[12]);
}

/** The tax invoice form's values. */
export type TaxInvoiceValues = {
  taxPersonType: TaxPersonType;
  taxNameOne: string;
  taxNameTwo: string;
  taxPayerIdentificationNo: string;
  taxAddress: string;
  taxPostcode: string;
  taxCompanyCertificate: FileRef[];
  taxIsDeliveryByTaxaddress: boolean;
  taxDeliveryAddress: string;
};

/** The tax invoice's form names → the names the CMS's calls, answers and the student's record use. */
export const TAX_INVOICE_WIRE_NAMES = {
  taxPersonType: 'tax_person_type',
  taxNameOne: 'tax_name_one',
  taxNameTwo: 'tax_name_two',
  taxPayerIdentificationNo: 'tax_payer_identification_no',
  taxAddress: 'tax_address',
  taxPostcode: 'tax_postcode',
  taxCompanyCertificate: 'tax_company_certificate',
  taxIsDeliveryByTaxaddress: 'tax_is_delivery_by_tax_address',
  taxDeliveryAddress: 'tax_delivery_address',
} as const satisfies Record<keyof TaxInvoiceValues, string>;

export type TaxInvoiceWireName = (typeof TAX_INVOICE_WIRE_NAMES)[keyof TaxInvoiceValues];

/** The wire names → the form's, for the messages the CMS sends per field. */
export const TAX_INVOICE_FORM_NAMES = /* @__PURE__ */ Object.fromEntries(Object.entries(TAX_INVOICE_WIRE_NAMES).map(([form, wire]) => [wire, form])) as Record<
  TaxInvoiceWireName,
  keyof TaxInvoiceValues
>;

/** The wire names of the invoice's details, the certificate (a list of files) aside; the student's record keeps them as fields. */
export const TAX_INVOICE_DETAIL_FIELDS = /* @__PURE__ */ Object.values(TAX_INVOICE_WIRE_NAMES).filter(
  (name): name is Exclude<TaxInvoiceWireName, 'tax_company_certificate'> => name !== 'tax_company_certificate',
);

/** A tax invoice as the wire carries it; the certificate as stored names (or, in the CMS, file ids). */
export type TaxInvoiceWire<Certificate = string[]> = {
  tax_person_type: TaxPersonType;
  tax_name_one: string;
  tax_name_two: string;
  tax_payer_identification_no: string;
  tax_address: string;
  tax_postcode: string;
  tax_is_delivery_by_tax_address: boolean;
  /** Null when delivery goes to the tax address. */
  tax_delivery_address: string | null;
  tax_company_certificate: Certificate;
};

/**
 * The form's values under the wire names. The delivery address goes only when delivery
 * does not go to the tax address (an empty one is none); the certificate is given as the
 * caller holds it (names after upload, file ids in the CMS).
 */
export function taxInvoiceToWire<Certificate>(values: Omit<TaxInvoiceValues, 'taxCompanyCertificate'>, certificate: Certificate): TaxInvoiceWire<Certificate> {
  return {
    tax_person_type: values.taxPersonType,
    tax_name_one: values.taxNameOne,
    tax_name_two: values.taxNameTwo,
    tax_payer_identification_no: values.taxPayerIdentificationNo,
    tax_address: values.taxAddress,
    tax_postcode: values.taxPostcode,
    tax_is_delivery_by_tax_address: values.taxIsDeliveryByTaxaddress,
    tax_delivery_address: values.taxIsDeliveryByTaxaddress ? null : values.taxDeliveryAddress || null,
    tax_company_certificate: certificate,
  };
}

/** A body's tax fields under the form's names, as sent (unparsed): the input of the tax invoice schema. */
export function taxInvoiceFromWire(body: Readonly<Record<string, unknown>>): Partial<Record<keyof TaxInvoiceValues, unknown>> {
  const values: Partial<Record<keyof TaxInvoiceValues, unknown>> = {};
  for (const [form, wire] of Object.entries(TAX_INVOICE_WIRE_NAMES) as [keyof TaxInvoiceValues, TaxInvoiceWireName][]) {
    if (wire in body) values[form] = body[wire];
  }
  return values;
}

const LABELS: Record<TaxPersonType, { nameOne: TextKey; nameTwo: TextKey; id: TextKey }> = {
  normal_person: { nameOne: 'tax_label_name_one_normal', nameTwo: 'tax_label_name_two_normal', id: 'tax_label_id_normal' },
  juristic_person: { nameOne: 'tax_label_name_one_juristic', nameTwo: 'tax_label_name_two_juristic', id: 'tax_label_id_juristic' },
};

/** The label keys of the person-dependent fields: names and id read differently for a company. */
export function taxInvoiceLabels(personType: TaxPersonType): { nameOne: TextKey; nameTwo: TextKey; id: TextKey } {
  return LABELS[personType];
}

type TaxIssue = { path: keyof TaxInvoiceValues; message: string };

/** Every failing field of a tax invoice, one message per field, in the form's order. */
export function taxInvoiceIssues(values: TaxInvoiceValues, t: Translate): TaxIssue[] {
  const labels = LABELS[values.taxPersonType];
  const required = (label: TextKey) => t('validation_required', { label: t(label) });
  const issues: TaxIssue[] = [];
  const check = (path: keyof TaxInvoiceValues, failed: boolean, message: string) => {
    if (failed) issues.push({ path, message });
  };
  check('taxNameOne', values.taxNameOne === '', required(labels.nameOne));
  check('taxNameOne', values.taxNameOne.length > LIMITS.nameMaxLength, t('validation_max_length', { label: t(labels.nameOne), max: LIMITS.nameMaxLength }));
  check('taxNameTwo', values.taxNameTwo === '', required(labels.nameTwo));
  check('taxPayerIdentificationNo', !/^\d{13}$/.test(values.taxPayerIdentificationNo), t('tax_id_invalid'));
  check('taxPayerIdentificationNo', /^\d{13}$/.test(values.taxPayerIdentificationNo) && !isValidThaiTaxId(values.taxPayerIdentificationNo), t('tax_id_checksum'));
  check('taxAddress', values.taxAddress === '', required('tax_label_address'));
  check('taxPostcode', !/^\d{5}$/.test(values.taxPostcode), t('tax_postcode_invalid'));
  check('taxDeliveryAddress', !values.taxIsDeliveryByTaxaddress && values.taxDeliveryAddress === '', required('tax_label_delivery_address'));
  check('taxCompanyCertificate', values.taxPersonType === 'juristic_person' && values.taxCompanyCertificate.length === 0, t('tax_certificate_required'));
  check(
    'taxCompanyCertificate',
    values.taxCompanyCertificate.some((file) => !isAllowedUpload(file, 'image') && !/\.pdf$/i.test(file.name)),
    t('upload_file_type_not_allowed'),
  );
  return issues.filter((issue, i) => issues.findIndex((other) => other.path === issue.path) === i);
}

/**
 * The tax invoice form: name one and two, a 13-digit tax id with a valid Thai check
 * digit, address, a 5-digit postcode, a delivery address unless delivery goes to
 * the tax address, and a company certificate for juristic persons. Labels follow
 * the person type.
 */
export function buildTaxInvoiceSchema(t: Translate) {
  return z
    .object({
      taxPersonType: z.preprocess((v) => toText(v) || 'juristic_person', z.enum(TAX_PERSON_TYPES)),
      taxNameOne: z.preprocess(toText, z.string()),
      taxNameTwo: z.preprocess(toText, z.string()),
      taxPayerIdentificationNo: z.preprocess((v) => toText(v).replace(/[\s-]/g, ''), z.string()),
      taxAddress: z.preprocess(toText, z.string()),
      taxPostcode: z.preprocess(toText, z.string()),
      taxCompanyCertificate: fileListField,
      taxIsDeliveryByTaxaddress: flagField,
      taxDeliveryAddress: z.preprocess(toText, z.string()),
    })
    .superRefine((values, ctx) => {
      for (const issue of taxInvoiceIssues(values, t)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    });
}

/** The tax invoice form with the Thai defaults' messages. */
export const TaxInvoiceSchema = /* @__PURE__ */ buildTaxInvoiceSchema(defaultTranslate);

/**
 * Changing the person type clears the names, tax id, address, postcode and
 * certificate; the delivery choice and delivery address stay.
 */
export function clearOnPersonTypeChange<T extends Partial<TaxInvoiceValues>>(values: T, personType: TaxPersonType): T & { taxPersonType: TaxPersonType } {
  if (values.taxPersonType === personType) return { ...values, taxPersonType: personType };
  return {
    ...values,
    taxPersonType: personType,
    taxNameOne: '',
    taxNameTwo: '',
    taxPayerIdentificationNo: '',
    taxAddress: '',
    taxPostcode: '',
    taxCompanyCertificate: [],
  };
}
