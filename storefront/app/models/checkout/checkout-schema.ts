/**
 * The checkout form of a course page as one schema made of the shared ones: the guest's
 * registration (contact info, custom labels, login info), the tax invoice when it is asked
 * for, and the order choices. The browser validates with it before posting; the route
 * action validates the same post again with the site's settings as the CMS holds them.
 */
import { WITHHOLDING_PERCENTS } from '@sala/shared/constants';
import {
  buildRegistrationSchema,
  buildShippingAddressSchema,
  buildTaxInvoiceSchema,
  type CustomLabel,
  type RegistrationSettings,
  type ShippingAddressValues,
  type TaxInvoiceValues,
} from '@sala/shared/schemas';
import type { Translate } from '@sala/shared/texts';
import { z } from 'zod';

export type CheckoutSchemaContext = {
  /** No student is signed in: the form registers one. */
  guest: boolean;
  registration: RegistrationSettings;
  customLabels: readonly CustomLabel[];
  /** TAX_SYSTEM, add-on tax and the site's tax invoice are all on. */
  taxInvoiceEnabled: boolean;
  /**
   * The course ships a printed book: a shipping method (`shippingFeeId`) and either the
   * student's saved address (`shippingAddressId`) or a new one (`shipping.*` fields).
   */
  shipping?: boolean;
  /** The messages' texts: the page's in the browser, the request's in the action. */
  t: Translate;
};

export type CheckoutOrderValues = {
  planId: number;
  paymentMethodId: number;
  /** null: none chosen; 'auto': the best applicable one. */
  promotionId: number | 'auto' | null;
  couponCodes: string[];
  isRequireTaxInvoice: boolean;
  isWithholding: boolean;
  withholdingPercent: 3 | 1;
};

export type CheckoutShippingValues = {
  shippingFeeId: number;
  /** The saved address chosen, or null when a new one was typed. */
  shippingAddressId: number | null;
  /** The new address typed in the form. */
  address: ShippingAddressValues | null;
};

export type CheckoutValues = CheckoutOrderValues & {
  registration: Record<string, unknown> | null;
  taxInvoice: TaxInvoiceValues | null;
  shipping: CheckoutShippingValues | null;
};

/** The form names of the new shipping address: `shipping.` and the shared schema's field. */
export const SHIPPING_FIELD_PREFIX = 'shipping';

const flag = (value: unknown) => value === true || value === 'on' || value === '1' || value === 'true';

function toList(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

function isEmptyFile(value: unknown): boolean {
  return typeof File !== 'undefined' && value instanceof File && value.name === '' && value.size === 0;
}

/** Drops file inputs left empty (a browser posts them as a nameless 0-byte file). */
export function withoutEmptyFiles(value: unknown): unknown {
  if (isEmptyFile(value)) return undefined;
  if (Array.isArray(value)) {
    const kept = value.filter((item) => !isEmptyFile(item)).map(withoutEmptyFiles);
    return kept.length === 0 && value.length > 0 ? undefined : kept;
  }
  if (value && typeof value === 'object' && !(typeof File !== 'undefined' && value instanceof File)) {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, withoutEmptyFiles(item)]));
  }
  return value;
}

function orderSchema(t: Translate) {
  const id = (message: string) =>
    z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : Number(v)), z.number({ error: message }).int({ error: message }).positive({ error: message }));
  return z.object({
    planId: id(t('dont_have_pricing')),
    paymentMethodId: id(t('cart_payment_method_required')),
    promotionId: z.preprocess(
      (v) => (v === undefined || v === null || v === '' || v === 'none' ? null : v === 'auto' ? 'auto' : Number(v)),
      z.union([z.literal('auto'), z.number().int().positive()]).nullable(),
    ),
    couponCodes: z.preprocess(
      (v) =>
        toList(v)
          .map((code) => String(code).trim().toUpperCase())
          .filter(Boolean),
      z.array(z.string().max(64)).transform((codes) => [...new Set(codes)]),
    ),
    isRequireTaxInvoice: z.preprocess(flag, z.boolean()),
    isWithholding: z.preprocess(flag, z.boolean()),
    withholdingPercent: z.preprocess((v) => (v === undefined || v === '' ? WITHHOLDING_PERCENTS[0] : Number(v)), z.union([z.literal(3), z.literal(1)])),
  });
}

type Issue = { path: PropertyKey[]; message: string };

const positiveId = (value: unknown): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : null;
};

/** The shipping part of the form: a method, and the saved address or a new one checked with the shared schema. */
function parseShipping(value: Record<string, unknown>, t: Translate, issues: Issue[]): CheckoutShippingValues | null {
  const shippingFeeId = positiveId(value.shippingFeeId);
  if (shippingFeeId === null) issues.push({ path: ['shippingFeeId'], message: t('cart_shipping_method_required') });
  const shippingAddressId = positiveId(value.shippingAddressId);
  let address: ShippingAddressValues | null = null;
  if (shippingAddressId === null) {
    const raw = value[SHIPPING_FIELD_PREFIX];
    const typed = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const result = buildShippingAddressSchema(t).safeParse(typed);
    if (result.success) address = result.data;
    else for (const issue of result.error.issues) issues.push({ path: [SHIPPING_FIELD_PREFIX, ...issue.path], message: issue.message });
  }
  return shippingFeeId === null || (shippingAddressId === null && address === null) ? null : { shippingFeeId, shippingAddressId, address };
}

/**
 * One schema for the whole form. Each part is the shared schema of its own; their
 * messages are reported under the form's field names, so errors sit next to their inputs.
 */
export function buildCheckoutSchema(context: CheckoutSchemaContext) {
  const { t } = context;
  const registration = context.guest ? buildRegistrationSchema(context.registration, context.customLabels, { layoutFour: true, t }) : null;
  const taxInvoice = context.taxInvoiceEnabled ? buildTaxInvoiceSchema(t) : null;
  const order = orderSchema(t);

  return z.unknown().transform((raw, ctx): CheckoutValues => {
    const value = (withoutEmptyFiles(raw) ?? {}) as Record<string, unknown>;
    const issues: Issue[] = [];
    const run = <T>(schema: z.ZodType<T>): T | null => {
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      issues.push(...result.error.issues);
      return null;
    };
    const orderValues = run(order);
    const registrationValues = registration ? (run(registration) as Record<string, unknown> | null) : null;
    const taxRequested = Boolean(taxInvoice) && flag(value.isRequireTaxInvoice);
    const taxValues = taxRequested && taxInvoice ? run(taxInvoice) : null;
    // Only a juristic person with a tax invoice may withhold tax.
    const personType = taxValues?.taxPersonType ?? value.taxPersonType ?? 'juristic_person';
    if (orderValues?.isWithholding && (!taxRequested || personType !== 'juristic_person')) {
      issues.push({ path: ['isWithholding'], message: t('cart_withholding_juristic_only') });
    }
    const shippingValues = context.shipping ? parseShipping(value, t, issues) : null;
    if (issues.length > 0 || !orderValues) {
      for (const issue of issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)) });
      return z.NEVER;
    }
    return { ...orderValues, isRequireTaxInvoice: taxRequested, registration: registrationValues, taxInvoice: taxValues, shipping: shippingValues };
  });
}

export type CheckoutSchema = ReturnType<typeof buildCheckoutSchema>;
