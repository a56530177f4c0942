/**
 * Shipping on the server: the shop's shipping methods (GET /public/shipping/fees), the
 * student's delivery addresses (GET and POST /private/shipping/addresses), and reading a
 * form's shipping choices. The CMS validates the address with the same shared schema and
 * prices the chosen fee into the order itself; what the browser sends is only a choice.
 */
import { buildShippingAddressSchema } from '@sala/shared/schemas';
import type { Translate } from '@sala/shared/texts';
import { z } from 'zod';
import { toMinorUnits } from '@sala/shared/money';
import { SHIPPING_ADDRESS_INTENT, type ShippingAddressActionData, type ShippingAddressView, type ShippingData, type ShippingFeeView } from '~/models/shipping/types';
import { CmsApiError, callJson, postJson, sharedReference, type CallOptions } from './cms.server';

const FeeSchema = z.looseObject({ id: z.number().int(), name: z.string(), description: z.string().nullable(), price: z.number(), price_usd: z.number().nullable() });
const FeesResponseSchema = z.looseObject({ success: z.literal(true), data: z.array(FeeSchema) });

const AddressSchema = z.looseObject({
  id: z.number().int(),
  fullname: z.string(),
  tel: z.string().nullable(),
  address: z.string(),
  subdistrict: z.string().nullable(),
  district: z.string().nullable(),
  province: z.string().nullable(),
  postcode: z.string().nullable(),
  is_default: z.boolean(),
});
const AddressesResponseSchema = z.looseObject({ success: z.literal(true), data: z.array(AddressSchema) });
const AddressResponseSchema = z.looseObject({ success: z.literal(true), data: AddressSchema });

type StudentOptions = CallOptions & { jwt: string };

function feeView(fee: z.infer<typeof FeeSchema>): ShippingFeeView {
  return { id: fee.id, name: fee.name, description: fee.description, priceAmount: toMinorUnits(fee.price) ?? 0 };
}

function addressView(row: z.infer<typeof AddressSchema>): ShippingAddressView {
  return {
    id: row.id,
    fullname: row.fullname,
    tel: row.tel ?? '',
    address: row.address,
    subdistrict: row.subdistrict ?? '',
    district: row.district ?? '',
    province: row.province ?? '',
    postcode: row.postcode ?? '',
  };
}

export async function getShippingFees(options: CallOptions = {}): Promise<ShippingFeeView[]> {
  // reference data (ADR 142): the same for every visitor, changed only by editors
  return sharedReference('/public/shipping/fees', options, async (call) => (await callJson('/public/shipping/fees', FeesResponseSchema, call)).data.map(feeView));
}

/** The student's addresses, their default first. */
export async function getShippingAddresses(options: StudentOptions): Promise<ShippingAddressView[]> {
  return (await callJson('/private/shipping/addresses', AddressesResponseSchema, options)).data.map(addressView);
}

/** What a checkout with physical items needs: the methods, and the student's current address (or none). */
export async function loadShippingData(options: StudentOptions): Promise<ShippingData> {
  const [fees, addresses] = await Promise.all([getShippingFees(options), getShippingAddresses(options)]);
  return { fees, address: addresses[0] ?? null };
}

/**
 * Checks the address form with the shared schema (the Thai messages of the spec), then saves it
 * as the student's default. The CMS checks it again; its per-field refusals come back the same way.
 */
export async function saveShippingAddress(formData: FormData, t: Translate, options: StudentOptions): Promise<ShippingAddressActionData> {
  const parsed = buildShippingAddressSchema(t).safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? '_')] ??= []).push(issue.message);
    return { intent: SHIPPING_ADDRESS_INTENT, ok: false, fieldErrors };
  }
  try {
    await postJson('/private/shipping/addresses', AddressResponseSchema, parsed.data, options);
    return { intent: SHIPPING_ADDRESS_INTENT, ok: true };
  } catch (error) {
    if (!(error instanceof CmsApiError) || error.status >= 500) throw error;
    const fieldErrors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(error.errors ?? {})) fieldErrors[field] = Array.isArray(messages) ? messages : [messages];
    return { intent: SHIPPING_ADDRESS_INTENT, ok: false, fieldErrors, formError: Object.keys(fieldErrors).length === 0 ? error.msg : null };
  }
}

/** The shipping choices a checkout form posts: the address and fee ids, or null when absent. */
export function readShippingChoices(formData: FormData): { shippingAddressId: number | null; shippingFeeId: number | null } {
  const id = (value: FormDataEntryValue | null) => {
    const number = Number(value);
    return Number.isSafeInteger(number) && number > 0 ? number : null;
  };
  return { shippingAddressId: id(formData.get('shippingAddressId')), shippingFeeId: id(formData.get('shippingFeeId')) };
}
