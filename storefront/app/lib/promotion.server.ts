/** One promotion for its page, from the CMS's public promotion call (what a visitor may see, for their group). */
import { z } from 'zod';
import { toMinorUnits } from '@sala/shared/money';
import { callJson, toPublicAssetUrl, type CallOptions } from './cms.server';
import { nullableString, PromotionSchema } from './cms-schemas.server';
import type { PromotionDiscountView, PromotionView } from '~/models/promotion/types';

const PromotionDetailResponseSchema = z.object({
  success: z.literal(true),
  data: PromotionSchema.extend({
    pictureUrl: nullableString.optional(),
    coursesInPromotion: z.array(z.looseObject({ id: z.number().int(), title: z.string(), link_path: z.string() })),
  }),
});

type WireDiscount = { discount_type: 'amount' | 'percent'; discount_amount: number; discount_percent: number };

const discountOf = (wire: WireDiscount): PromotionDiscountView => ({
  type: wire.discount_type,
  amount: toMinorUnits(wire.discount_amount) ?? 0,
  percent: wire.discount_percent,
});

/** The promotion with this id while it runs for the caller; the CMS answers 404 for any other. */
export async function getPromotionPage(id: number, options: CallOptions = {}): Promise<PromotionView> {
  const { data } = await callJson(`/public/promotion/${id}`, PromotionDetailResponseSchema, options);
  return {
    id: data.id,
    title: data.title,
    descriptionList: Array.isArray(data.description_list) ? data.description_list.filter((item): item is string => typeof item === 'string') : [],
    pictureUrl: toPublicAssetUrl(data.pictureUrl ?? null),
    kind: data.promotion_type,
    numberOfCourse: data.number_of_course,
    discount: discountOf(data),
    tiers: data.is_enable_tier ? data.tier_list.map((tier) => ({ ...discountOf(tier), numberOfCourse: tier.number_of_course, label: tier.label })) : [],
    courses: data.coursesInPromotion.map((course) => ({ id: course.id, title: course.title, path: course.link_path })),
    validFrom: data.valid_from,
    validTo: data.valid_to,
  };
}
