/** Shipping as the checkout screens show it; prices in satang, no credential. */
export type ShippingFeeView = { id: number; name: string; description: string | null; priceAmount: number };

export type ShippingAddressView = {
  id: number;
  fullname: string;
  tel: string;
  address: string;
  subdistrict: string;
  district: string;
  province: string;
  postcode: string;
};

/** The methods to choose from and the student's current delivery address (null: none yet). */
export type ShippingData = { fees: ShippingFeeView[]; address: ShippingAddressView | null };

/** The intent a shipping-address form posts to the page's action. */
export const SHIPPING_ADDRESS_INTENT = 'shipping-address';

/** What the page's action answers to a shipping-address post. */
export type ShippingAddressActionData = { intent: typeof SHIPPING_ADDRESS_INTENT; ok: boolean; fieldErrors?: Record<string, string[]>; formError?: string | null };
