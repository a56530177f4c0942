/**
 * Shipping methods (the shop's fees) and students' delivery addresses. A student only
 * ever reaches their own addresses; the order service checks the same ownership when it
 * prices the fee into an order.
 */
import type { Core } from '@strapi/strapi';
import { money, toMajorNumber } from '@sala/shared/money';
import type { ShippingAddressValues } from '@sala/shared/schemas';

const FEE_UID = 'api::shipping-fee.shipping-fee';
const ADDRESS_UID = 'api::shipping-address.shipping-address';
const ADDRESS_FIELDS = ['id', 'fullname', 'tel', 'address', 'subdistrict', 'district', 'province', 'postcode', 'is_default'];

export type ShippingFeeOption = { id: number; name: string; description: string | null; price: number; price_usd: number | null };
export type ShippingAddress = {
  id: number;
  fullname: string;
  tel: string | null;
  address: string;
  subdistrict: string | null;
  district: string | null;
  province: string | null;
  postcode: string | null;
  is_default: boolean;
};

type FeeRow = { id: number; name: string; description: string | null; price: number; price_usd: number | null };
type AddressRow = Omit<ShippingAddress, 'is_default'> & { is_default: boolean | null };

const toAddress = (row: AddressRow): ShippingAddress => ({ ...row, is_default: Boolean(row.is_default) });

const shippingService = ({ strapi }: { strapi: Core.Strapi }) => ({
  async listFees(): Promise<ShippingFeeOption[]> {
    const rows = (await strapi.db.query(FEE_UID).findMany({
      select: ['id', 'name', 'description', 'price', 'price_usd'],
      where: { enabled: { $ne: false } },
      orderBy: [{ sort_order: 'asc' }, { id: 'asc' }],
    })) as FeeRow[];
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description ?? null,
      price: toMajorNumber(money(row.price ?? 0, 'THB')),
      price_usd: row.price_usd === null || row.price_usd === undefined ? null : toMajorNumber(money(row.price_usd, 'USD')),
    }));
  },

  async listAddresses(userId: number): Promise<ShippingAddress[]> {
    const rows = (await strapi.db.query(ADDRESS_UID).findMany({
      select: ADDRESS_FIELDS,
      where: { user: { id: userId } },
      orderBy: [{ is_default: 'desc' }, { id: 'desc' }],
    })) as AddressRow[];
    return rows.map(toAddress);
  },

  /** A new address of the student, made their default (the previous default stays, no longer default). */
  async saveAddress(userId: number, values: ShippingAddressValues): Promise<ShippingAddress> {
    return strapi.db.transaction(async () => {
      const previous = (await strapi.db.query(ADDRESS_UID).findMany({ select: ['id'], where: { user: { id: userId }, is_default: true } })) as { id: number }[];
      for (const row of previous) await strapi.db.query(ADDRESS_UID).update({ where: { id: row.id }, data: { is_default: false } });
      const created = (await strapi.db.query(ADDRESS_UID).create({
        data: { ...values, subdistrict: values.subdistrict || null, user: userId, is_default: true },
        select: ADDRESS_FIELDS,
      })) as AddressRow;
      return toAddress(created);
    });
  },
});

export type ShippingServiceApi = ReturnType<typeof shippingService>;

export default shippingService;
