/**
 * The hand-off of a cart of books to the external book retailer. The cart is rebuilt
 * from our own records (published products, their listed plan price, the buyer's own
 * shipping address when they have one), posted as JSON to `${BOOKSTORE_URL}/cart`, and the retailer's
 * answer `{ location }` is where the browser goes next. The retailer being down,
 * slow or answering nonsense is a 503 BOOKSTORE_UNAVAILABLE, never a 500.
 */
import type { Core } from '@strapi/strapi';
import { money, multiply, sum, toMajorString, type Money } from '@sala/shared/money';
import { ApiError, badRequest, notFound } from '../../../lib/errors';
import { publishedWhere } from '../../../lib/publishing';
import type { BookstoreCartPayload } from '../lib/payload';

const PRODUCT_UID = 'api::product.product';
const SHIPPING_ADDRESS_UID = 'api::shipping-address.shipping-address';
const CART_ITEM_UID = 'api::cart-item.cart-item';
const DEFAULT_TIMEOUT_MS = 5000;
const MAX_RESPONSE_BYTES = 64 * 1024;

type Plan = { price: number | null; pricing_type: string | null; status_show: boolean | null; is_default: boolean | null };
type ProductRow = { id: number; title: string; sku: string | null; is_physical: boolean | null; pricing_plans?: Plan[] };
type AddressRow = {
  id: number;
  fullname: string | null;
  tel: string | null;
  address: string | null;
  subdistrict: string | null;
  district: string | null;
  province: string | null;
  postcode: string | null;
};

export type Buyer = { id: number; email: string; firstname?: unknown; lastname?: unknown; username: string };

/** The cart as the retailer receives it: the spec's payload names, priced by us, amounts as major-unit strings. */
export type RetailerCart = {
  user_id: number;
  email: string;
  fullname: string;
  course_id: number[];
  courses: { course_id: number; sku: string | null; title: string; quantity: number; price: string; total: string }[];
  price: string;
  discount: string;
  totalPrice: string;
  currency_code: 'THB';
  cancel_at: string | null;
  order_at: string;
  shipping_address_id: number | null;
  shipping_address: Omit<AddressRow, 'id'> | null;
};

/** The price a product is sold at: its default listed plan, else its lowest listed plan. */
function listedPrice(plans: Plan[] = []): number | null {
  const listed = plans.filter((p) => p.status_show === true && (p.pricing_type ?? 'default') === 'default' && p.price !== null && p.price >= 0);
  if (listed.length === 0) return null;
  const preferred = listed.find((p) => p.is_default) ?? listed.reduce((low, p) => (p.price! < low.price! ? p : low));
  return preferred.price;
}

function retailerBase(): string | null {
  const value = process.env.BOOKSTORE_URL?.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href.replace(/\/$/, '') : null;
  } catch {
    return null;
  }
}

function timeoutMs(): number {
  const value = Number(process.env.BOOKSTORE_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}

const unavailable = () => new ApiError(503, 'BOOKSTORE_UNAVAILABLE');

type BookLine = { product: ProductRow; quantity: number; unit: Money; total: Money };

/** The cart the retailer receives, from priced lines and the buyer's address (or none). */
function retailerCart(args: { buyer: Buyer; lines: BookLine[]; address: AddressRow | null; cancelAt: string | null; now: Date }): RetailerCart {
  const { buyer, lines, address, now } = args;
  const subtotal: Money = sum(lines.map((line) => line.total));
  const fullname = [buyer.firstname, buyer.lastname].filter((part) => typeof part === 'string' && part).join(' ') || buyer.username;
  return {
    user_id: buyer.id,
    email: buyer.email,
    fullname,
    course_id: lines.map((line) => line.product.id),
    courses: lines.map((line) => ({
      course_id: line.product.id,
      sku: line.product.sku,
      title: line.product.title,
      quantity: line.quantity,
      price: toMajorString(line.unit),
      total: toMajorString(line.total),
    })),
    price: toMajorString(subtotal),
    // Discounts are the retailer's to give; we never pass on one the client claims.
    discount: '0.00',
    totalPrice: toMajorString(subtotal),
    currency_code: 'THB',
    cancel_at: args.cancelAt,
    order_at: now.toISOString(),
    shipping_address_id: address?.id ?? null,
    shipping_address: address
      ? {
          fullname: address.fullname,
          tel: address.tel,
          address: address.address,
          subdistrict: address.subdistrict,
          district: address.district,
          province: address.province,
          postcode: address.postcode,
        }
      : null,
  };
}

const ADDRESS_FIELDS = ['id', 'fullname', 'tel', 'address', 'subdistrict', 'district', 'province', 'postcode'];

export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** Published products among `ids`, with their SKU and listed plans. */
  async function publishedProducts(ids: number[], now: Date): Promise<ProductRow[]> {
    return (await strapi.db.query(PRODUCT_UID).findMany({
      where: { $and: [{ id: { $in: ids } }, publishedWhere(now)] },
      select: ['id', 'title', 'sku', 'is_physical'],
      populate: { pricing_plans: { select: ['price', 'pricing_type', 'status_show', 'is_default'] } },
    })) as ProductRow[];
  }

  /** Prices each product at its listed plan; NO_PRICING_PLAN for one without a listed price. */
  function priceLines(requested: { product: ProductRow; quantity: number }[]): BookLine[] {
    return requested.map(({ product, quantity }) => {
      const unit = listedPrice(product.pricing_plans);
      if (unit === null) throw badRequest('NO_PRICING_PLAN', undefined, { result: { course_ids: [product.id] } });
      return { product, quantity, unit: money(unit), total: multiply(money(unit), quantity) };
    });
  }

  return {
    /** Builds the buyer's cart from our records. 404 for a book or an address that is not there (or not theirs). */
    async buildCart(args: { buyer: Buyer; payload: BookstoreCartPayload; now?: Date }): Promise<RetailerCart> {
      const { buyer, payload } = args;
      const now = args.now ?? new Date();
      if (payload.user_id !== null && payload.user_id !== buyer.id) throw notFound();

      const products = await publishedProducts(payload.course_id, now);
      if (products.length !== payload.course_id.length) throw notFound();
      const byId = new Map(products.map((p) => [p.id, p]));
      const quantities = new Map(payload.courses.map((line) => [line.course_id, line.quantity ?? 1]));
      const lines = priceLines(payload.course_id.map((id) => ({ product: byId.get(id)!, quantity: quantities.get(id) ?? 1 })));

      let address: AddressRow | null = null;
      if (payload.shipping_address_id !== null) {
        address = (await strapi.db.query(SHIPPING_ADDRESS_UID).findOne({
          where: { id: payload.shipping_address_id, user: { id: buyer.id } },
          select: ADDRESS_FIELDS,
        })) as AddressRow | null;
        if (!address) throw notFound();
      }
      // Without an address of ours the retailer's own checkout asks for one (docs/decisions/133).
      return retailerCart({ buyer, lines, address, cancelAt: payload.cancel_at, now });
    },

    /**
     * Builds the retailer's cart from the buyer's own cart rows: every published product in it
     * that the retailer sells (it has a SKU), at the quantity of its row, priced at its listed
     * plan, with the buyer's default address when they have one (docs/decisions/184).
     * CART_EMPTY when the cart holds no such book.
     */
    async buildCartFromRows(args: { buyer: Buyer; now?: Date }): Promise<RetailerCart> {
      const { buyer } = args;
      const now = args.now ?? new Date();
      const rows = (await strapi.db.query(CART_ITEM_UID).findMany({
        select: ['id', 'quantity'],
        where: { user: { id: buyer.id } },
        populate: { product: { select: ['id'] } },
        orderBy: { id: 'asc' },
      })) as { id: number; quantity: number | null; product?: { id: number } | null }[];
      const quantities = new Map<number, number>();
      for (const row of rows) if (row.product) quantities.set(row.product.id, Math.max(1, row.quantity ?? 1));

      const products = quantities.size > 0 ? await publishedProducts([...quantities.keys()], now) : [];
      const books = products.filter((product) => typeof product.sku === 'string' && product.sku.trim() !== '').sort((a, b) => a.id - b.id);
      if (books.length === 0) throw badRequest('CART_EMPTY');
      const lines = priceLines(books.map((product) => ({ product, quantity: quantities.get(product.id)! })));

      const address = (await strapi.db.query(SHIPPING_ADDRESS_UID).findOne({
        where: { user: { id: buyer.id } },
        select: ADDRESS_FIELDS,
        orderBy: [{ is_default: 'desc' }, { id: 'desc' }],
      })) as AddressRow | null;
      return retailerCart({ buyer, lines, address, cancelAt: null, now });
    },

    /** Posts the cart to the retailer and returns where the browser goes next. */
    async handOff(cart: RetailerCart): Promise<{ location: string }> {
      const base = retailerBase();
      if (!base) {
        strapi.log.warn('book retailer hand-off refused: BOOKSTORE_URL is not set to an http(s) URL');
        throw unavailable();
      }
      let response: Response;
      try {
        response = await fetch(`${base}/cart`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(cart),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs()),
        });
      } catch (error) {
        strapi.log.warn(`book retailer unreachable: ${(error as Error)?.message ?? error}`);
        throw unavailable();
      }
      const text = await response.text().catch(() => '');
      if (!response.ok || text.length > MAX_RESPONSE_BYTES) {
        strapi.log.warn(`book retailer answered ${response.status} to a cart of user ${cart.user_id}`);
        throw unavailable();
      }
      let location: unknown;
      try {
        location = (JSON.parse(text) as { location?: unknown }).location;
      } catch {
        location = undefined;
      }
      if (typeof location !== 'string' || !/^https?:\/\//i.test(location)) {
        strapi.log.warn('book retailer answered without an http(s) location');
        throw unavailable();
      }
      try {
        return { location: new URL(location).href };
      } catch {
        throw unavailable();
      }
    },
  };
};
