/**
 * What the cart looks up before an order exists: how to buy, promotions, plans, coupons,
 * payment methods, the shop's bank accounts and the banks a buyer may transfer from.
 * Public fields only: a payment method's application_id_2, base URL and webhook secret,
 * and a coupon's usage counters never leave the server.
 */
import type { Core } from '@strapi/strapi';
import type { CouponReason, DiscountKind, DiscountType, Locale } from '@sala/shared/constants';
import { money, toMajorNumber } from '@sala/shared/money';
import { localizedValue } from '@sala/shared/texts';
import { ApiError, notFound } from '../../../lib/errors';
import { imageUrl, MEDIA_POPULATE, type UploadFile } from '../../../lib/media';
import { coursePath } from '../../../lib/paths';
import { isPublishedAt, toIso } from '../../../lib/publishing';
import { readPageSettings } from '../../../lib/site-settings';
import { claimedCouponIds, recordCouponClaim } from '../../checkout/lib/coupon-claims';

const PROMOTION_UID = 'api::promotion.promotion';
const COUPON_UID = 'api::coupon.coupon';
const METHOD_UID = 'api::payment-method.payment-method';
const BANK_ACCOUNT_UID = 'api::bank-account.bank-account';
const ORIGIN_BANK_UID = 'api::origin-bank.origin-bank';

export const BANK_TRANSFER_METHOD_ID = 1;

type Viewer = { userId: number; groupId: number | null } | null;

type DiscountRow = {
  discount_type: DiscountType;
  discount_amount: number | null;
  discount_amount_usd: number | null;
  discount_percent_bp: number | null;
};

/** A discount on the wire: amounts in baht and dollars (major units), the percent as a number (10 for 10%). */
export type DiscountDto = {
  discount_type: DiscountType;
  discount_amount: number;
  discount_amount_usd: number;
  discount_percent: number;
};

export type CouponDto = DiscountDto & {
  id: number;
  code?: string;
  name: string | null;
  description: string | null;
  coupon_type: DiscountKind;
  number_of_course: number;
  /** Course ids the coupon covers. */
  courses: number[];
  /** Payment method ids (the spec's ids, 1 = bank transfer) the coupon may be paid with. */
  payment_method: number[];
  valid_from: string | null;
  valid_to: string | null;
};

export type PromotionDto = DiscountDto & {
  id: number;
  title: string;
  description_list: unknown;
  pictureUrl: string | null;
  link_path: string;
  promotion_type: DiscountKind;
  number_of_course: number;
  is_enable_tier: boolean;
  tier_list: (DiscountDto & { number_of_course: number; label: string | null })[];
  courses: number[];
  coursesInPromotion: { id: number; title: string; slug: string | null; link_path: string }[];
  valid_from: string | null;
  valid_to: string | null;
};

export type BankAccountDto = {
  id: number;
  account_id: string;
  account_name: string;
  bank_name: string;
  bank_code: string | null;
  promptpay_id: string | null;
  prompt_pay_image: string | null;
};

export type PaymentMethodDto = {
  id: number;
  name: string;
  name_web: string | null;
  payment_type: string;
  description: string | null;
  logoUrl: string | null;
  /** Only a key meant for browsers (a tokenising provider's public key); null otherwise. */
  application_id_1: string | null;
  bankList?: BankAccountDto[];
};

type CouponRow = DiscountRow & {
  id: number;
  code: string;
  name: string | null;
  description: string | null;
  coupon_type: DiscountKind;
  number_of_course: number | null;
  usage_limit: number | null;
  used_count: number | null;
  valid_from: string | Date | null;
  valid_to: string | Date | null;
  is_active: boolean | null;
  courses?: { id: number }[];
  payment_methods?: { method_id: number }[];
  user_groups?: { id: number }[];
};

const COUPON_QUERY = {
  select: [
    'id',
    'code',
    'name',
    'description',
    'coupon_type',
    'number_of_course',
    'discount_type',
    'discount_amount',
    'discount_amount_usd',
    'discount_percent_bp',
    'usage_limit',
    'used_count',
    'valid_from',
    'valid_to',
    'is_active',
  ],
  populate: { courses: { select: ['id'] }, payment_methods: { select: ['method_id'] }, user_groups: { select: ['id'] } },
};

type MethodRow = {
  id: number;
  method_id: number;
  name: string;
  name_en: string | null;
  description_en: string | null;
  name_web: string | null;
  payment_type: string;
  provider: string | null;
  description: string | null;
  application_id_1: string | null;
  logo?: UploadFile | null;
};

/** Browser-side keys by provider: only these may be shown. Merchant ids and secrets stay on the server. */
const PUBLIC_KEY_PATTERNS: Record<string, RegExp> = { omise: /^pkey_/ };

function publicKey(method: MethodRow): string | null {
  const pattern = method.provider ? PUBLIC_KEY_PATTERNS[method.provider] : undefined;
  return pattern && method.application_id_1 && pattern.test(method.application_id_1) ? method.application_id_1 : null;
}

const major = (amount: number | null | undefined, currency: 'THB' | 'USD') => (Number.isSafeInteger(amount) ? toMajorNumber(money(amount as number, currency)) : 0);

function discountDto(row: DiscountRow): DiscountDto {
  return {
    discount_type: row.discount_type,
    discount_amount: major(row.discount_amount, 'THB'),
    discount_amount_usd: major(row.discount_amount_usd, 'USD'),
    discount_percent: (row.discount_percent_bp ?? 0) / 100,
  };
}

/** Why a coupon cannot be used now, as the pricing engine's reason codes; null when it can. */
export function couponUnavailableReason(coupon: CouponRow, viewer: Viewer, now: Date): CouponReason | null {
  if (coupon.is_active !== true) return 'coupon_expired';
  if (coupon.valid_from && new Date(coupon.valid_from).getTime() > now.getTime()) return 'coupon_expired';
  if (coupon.valid_to && new Date(coupon.valid_to).getTime() < now.getTime()) return 'coupon_expired';
  if (coupon.usage_limit !== null && coupon.usage_limit !== undefined && (coupon.used_count ?? 0) >= coupon.usage_limit) return 'coupon_full';
  const groups = (coupon.user_groups ?? []).map((group) => group.id);
  if (groups.length > 0 && !(viewer?.groupId && groups.includes(viewer.groupId))) return 'not_support';
  return null;
}

function couponDto(coupon: CouponRow, withCode: boolean): CouponDto {
  return {
    id: coupon.id,
    ...(withCode ? { code: coupon.code } : {}),
    name: coupon.name ?? null,
    description: coupon.description ?? null,
    coupon_type: coupon.coupon_type,
    number_of_course: coupon.number_of_course ?? 1,
    ...discountDto(coupon),
    courses: (coupon.courses ?? []).map((course) => course.id).sort((a, b) => a - b),
    payment_method: (coupon.payment_methods ?? []).map((method) => method.method_id).sort((a, b) => a - b),
    valid_from: toIso(coupon.valid_from),
    valid_to: toIso(coupon.valid_to),
  };
}

const activeWindow = (now: Date) => [
  { is_active: true },
  { $or: [{ valid_from: { $null: true } }, { valid_from: { $lte: now.toISOString() } }] },
  { $or: [{ valid_to: { $null: true } }, { valid_to: { $gte: now.toISOString() } }] },
];

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const learning = () => strapi.service('api::learning.learning');

  async function bankAccountRows(): Promise<BankAccountDto[]> {
    const rows = (await strapi.db.query(BANK_ACCOUNT_UID).findMany({
      select: ['id', 'account_id', 'account_name', 'bank_name', 'bank_code', 'promptpay_id'],
      where: { enabled: true, payment_method: { method_id: BANK_TRANSFER_METHOD_ID, enabled: true } },
      populate: { prompt_pay_image: MEDIA_POPULATE },
      orderBy: [{ sort_order: 'asc' }, { id: 'asc' }],
    })) as (Omit<BankAccountDto, 'prompt_pay_image'> & { prompt_pay_image?: UploadFile | null })[];
    return rows.map((row) => ({
      id: row.id,
      account_id: row.account_id,
      account_name: row.account_name,
      bank_name: row.bank_name,
      bank_code: row.bank_code ?? null,
      promptpay_id: row.promptpay_id ?? null,
      prompt_pay_image: imageUrl(row.prompt_pay_image),
    }));
  }

  async function methodRows(where: Record<string, unknown>): Promise<MethodRow[]> {
    return (await strapi.db.query(METHOD_UID).findMany({
      select: ['id', 'method_id', 'name', 'name_en', 'name_web', 'payment_type', 'provider', 'description', 'description_en', 'application_id_1'],
      where: { enabled: true, ...where },
      populate: { logo: MEDIA_POPULATE },
      orderBy: [{ sort_order: 'asc' }, { method_id: 'asc' }],
    })) as MethodRow[];
  }

  /** A method as the storefront shows it, named and described in the locale (ADR 183). */
  function methodDto(method: MethodRow, locale: Locale, bankList?: BankAccountDto[]): PaymentMethodDto {
    return {
      id: method.method_id,
      name: localizedValue(method.name, method.name_en, locale),
      name_web: method.name_web ?? null,
      payment_type: method.payment_type,
      description: localizedValue(method.description ?? null, method.description_en, locale),
      logoUrl: imageUrl(method.logo, 'small'),
      application_id_1: publicKey(method),
      ...(bankList ? { bankList } : {}),
    };
  }

  const service = {
    /** The signed-in user and their group, or null for a visitor. */
    async viewer(userId: number | null): Promise<Viewer> {
      if (userId === null) return null;
      return { userId, groupId: (await learning().userGroupId(userId)) as number | null };
    },

    async howToBuy(): Promise<{ is_enable_howtobuy: boolean; description: string | null }> {
      const settings = await readPageSettings(strapi);
      return { is_enable_howtobuy: settings.howToBuyEnabled, description: settings.howToBuyEnabled ? settings.howToBuyDescription : null };
    },

    /**
     * Promotions running now, in the editors' order, with their tiers and the published
     * courses they cover. A promotion limited to user groups is listed only to a signed-in
     * member of one of them.
     */
    async activePromotions(input: { viewer: Viewer; now: Date; id?: number }): Promise<PromotionDto[]> {
      const rows = (await strapi.db.query(PROMOTION_UID).findMany({
        select: [
          'id',
          'title',
          'description_list',
          'promotion_type',
          'number_of_course',
          'discount_type',
          'discount_amount',
          'discount_amount_usd',
          'discount_percent_bp',
          'is_enable_tier',
          'valid_from',
          'valid_to',
        ],
        where: { $and: [...activeWindow(input.now), ...(input.id === undefined ? [] : [{ id: input.id }])] },
        populate: {
          picture: MEDIA_POPULATE,
          tier_list: { select: ['number_of_course', 'discount_type', 'discount_amount', 'discount_amount_usd', 'discount_percent_bp', 'label'] },
          courses: { select: ['id', 'title', 'slug', 'is_published', 'endPublish'] },
          user_groups: { select: ['id'] },
        },
        orderBy: [{ sort_order: 'asc' }, { id: 'asc' }],
      })) as (DiscountRow & {
        id: number;
        title: string;
        description_list: unknown;
        promotion_type: DiscountKind;
        number_of_course: number | null;
        is_enable_tier: boolean | null;
        valid_from: string | Date | null;
        valid_to: string | Date | null;
        picture?: UploadFile | null;
        tier_list?: (DiscountRow & { number_of_course: number; label: string | null })[];
        courses?: { id: number; title: string; slug: string | null; is_published: boolean | null; endPublish: string | null }[];
        user_groups?: { id: number }[];
      })[];
      return rows
        .filter((row) => {
          const groups = (row.user_groups ?? []).map((group) => group.id);
          return groups.length === 0 || Boolean(input.viewer?.groupId && groups.includes(input.viewer.groupId));
        })
        .map((row) => {
          const courses = (row.courses ?? []).filter((course) => isPublishedAt(course, input.now)).sort((a, b) => a.id - b.id);
          return {
            id: row.id,
            title: row.title,
            description_list: row.description_list ?? [],
            pictureUrl: imageUrl(row.picture, 'medium'),
            link_path: `/promotion/${row.id}`,
            promotion_type: row.promotion_type,
            number_of_course: row.number_of_course ?? 1,
            ...discountDto(row),
            is_enable_tier: row.is_enable_tier === true,
            tier_list: [...(row.tier_list ?? [])]
              .sort((a, b) => a.number_of_course - b.number_of_course)
              .map((tier) => ({ number_of_course: tier.number_of_course, ...discountDto(tier), label: tier.label ?? null })),
            courses: courses.map((course) => course.id),
            coursesInPromotion: courses.map((course) => ({ id: course.id, title: course.title, slug: course.slug ?? null, link_path: coursePath(course.id, course.slug) })),
            valid_from: toIso(row.valid_from),
            valid_to: toIso(row.valid_to),
          };
        });
    },

    /**
     * One promotion for its own page: the same visitor-visible fields as the list, and only
     * while the list would show it to this viewer (running, and for their group); any other
     * id, inactive or restricted, is not found.
     */
    async promotionDetail(input: { id: number; viewer: Viewer; now: Date }): Promise<PromotionDto> {
      const [promotion] = await service.activePromotions(input);
      if (!promotion) throw notFound();
      return promotion;
    },

    /**
     * Coupons by id, for a cart that holds their ids: only those the signed-in caller looked up
     * by code before (lib/coupon-claims), usable now, and without their code. A visitor, or a
     * student asking for an id they never looked up, learns nothing: ids are sequential, and a
     * coupon's discount and courses are for those who know its code.
     */
    async couponsByIds(input: { ids: number[]; viewer: Viewer; now: Date }): Promise<CouponDto[]> {
      if (input.ids.length === 0 || input.viewer === null) return [];
      const rows = (await strapi.db.query(COUPON_UID).findMany({ ...COUPON_QUERY, where: { id: { $in: input.ids } } })) as CouponRow[];
      const claimed = await claimedCouponIds(strapi, input.viewer.userId, rows);
      const byId = new Map(rows.filter((row) => claimed.has(row.id)).map((row) => [row.id, row]));
      return input.ids
        .map((id) => byId.get(id))
        .filter((row): row is CouponRow => row !== undefined && couponUnavailableReason(row, input.viewer, input.now) === null)
        .map((row) => couponDto(row, false));
    },

    /**
     * The coupon of a code (any letter case), or NOT_FOUND / COUPON_NOT_AVAILABLE (inactive, expired, used up, another user group).
     * A signed-in caller who names an existing code is recorded as knowing it: their orders may then name the coupon by id.
     */
    async couponByCode(input: { code: string; viewer: Viewer; now: Date }): Promise<CouponDto> {
      const rows = (await strapi.db.query(COUPON_UID).findMany({ ...COUPON_QUERY, where: { code: { $eqi: input.code } }, orderBy: [{ id: 'asc' }] })) as CouponRow[];
      const coupon = rows.find((row) => row.code.toLowerCase() === input.code.toLowerCase());
      if (!coupon) throw notFound();
      if (input.viewer) await recordCouponClaim(strapi, input.viewer.userId, coupon, input.now);
      const reason = couponUnavailableReason(coupon, input.viewer, input.now);
      if (reason) throw new ApiError(409, 'COUPON_NOT_AVAILABLE', undefined, { reason });
      return couponDto(coupon, true);
    },

    /** Enabled payment methods in the editors' order; the bank transfer carries its bank accounts. */
    async paymentMethods(locale: Locale = 'th'): Promise<PaymentMethodDto[]> {
      const [methods, banks] = await Promise.all([methodRows({}), bankAccountRows()]);
      return methods.map((method) => methodDto(method, locale, method.method_id === BANK_TRANSFER_METHOD_ID ? banks : undefined));
    },

    /** The bank-transfer method with its bank accounts; NOT_FOUND when it is switched off. */
    async bankTransferMethod(locale: Locale = 'th'): Promise<PaymentMethodDto> {
      const [method] = await methodRows({ method_id: BANK_TRANSFER_METHOD_ID });
      if (!method) throw notFound();
      return methodDto(method, locale, await bankAccountRows());
    },

    /** The shop's enabled bank accounts for transfers; empty when bank transfer is switched off. */
    bankAccounts: bankAccountRows,

    /** Banks a buyer may transfer from, for the payment report form. */
    async originBanks(): Promise<{ banktransfer_value: string; banktransfer_nameth: string; banktransfer_nameen: string | null }[]> {
      const rows = (await strapi.db.query(ORIGIN_BANK_UID).findMany({
        select: ['banktransfer_value', 'banktransfer_nameth', 'banktransfer_nameen'],
        orderBy: [{ sort_order: 'asc' }, { id: 'asc' }],
      })) as { banktransfer_value: string; banktransfer_nameth: string; banktransfer_nameen: string | null }[];
      return rows.map((row) => ({ banktransfer_value: row.banktransfer_value, banktransfer_nameth: row.banktransfer_nameth, banktransfer_nameen: row.banktransfer_nameen ?? null }));
    },
  };
  return service;
};
