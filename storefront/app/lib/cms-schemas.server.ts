/**
 * The shapes of the CMS answers the course page and its checkout read. Loose objects: the
 * CMS may add fields without breaking the page; only what the storefront uses is checked.
 * Amounts on the wire are major units (1990.5 baht) except where noted (course cards).
 */
import { z } from 'zod';
import { VAT_MODES } from '@sala/shared/constants';
import { SiteSettingsSchema, type SiteSettings } from '@sala/shared/settings';
import { CourseListItemSchema, PictureSourcesSchema } from '~/models/catalog';

export { PictureSourcesSchema };

/** A string the CMS may send as null or leave out, read as null. */
export const nullableString = z
  .string()
  .nullable()
  .optional()
  .transform((value) => value ?? null);
/** A number the CMS may send as null or leave out, read as null. */
export const nullableNumber = z
  .number()
  .nullable()
  .optional()
  .transform((value) => value ?? null);

export const PlanSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  plan_type: z.string(),
  term: nullableNumber,
  term_unit: nullableString,
  term_2: nullableNumber,
  term_unit_2: nullableString,
  price: nullableNumber,
  price_usd: nullableNumber,
  pricing_type: z.string(),
  is_default: z.boolean(),
  is_for_member: z.boolean(),
  need_approval: z.boolean().optional().default(false),
  disabled: z.boolean(),
  disabled_reason: nullableString,
  selected: z.boolean(),
});
export type WirePlan = z.infer<typeof PlanSchema>;

const LectureSchema = z.looseObject({
  lectures_id: z.number(),
  lectures_name: z.string(),
  lectures_preview: z.boolean(),
  lectures_content_type: z.string(),
  video_length: nullableNumber,
});

const SectionSchema = z.looseObject({ sections_id: z.number(), sections_name: z.string(), lectures: z.array(LectureSchema) });

export const CourseDetailSchema = z.looseObject({
  id: z.number().int().positive(),
  slug: nullableString,
  link_path: z.string(),
  title: z.string(),
  preview: z.looseObject({
    videoUrl: nullableString,
    videoName: nullableString,
    videoDesc: nullableString,
    classType: nullableString,
    pictureUrl: nullableString,
    pictureSources: PictureSourcesSchema,
    imageAlt: nullableString,
    startDate: nullableString,
    endDate: nullableString,
    startRegDate: nullableString,
    endRegDate: nullableString,
  }),
  courseType: z.string(),
  coursePoint: nullableNumber,
  priceDetail: z.array(PlanSchema),
  priceDetailByUserId: z.array(PlanSchema).nullable(),
  courseDescription: z.looseObject({ title: z.string(), description: nullableString, short_description: nullableString }),
  statusOrder: nullableString,
  lockCourse: z.boolean(),
  orderCourseId: nullableNumber.optional().transform((value) => value ?? null),
  canLearn: z.boolean().optional().default(false),
  learnLockReason: nullableString.optional().transform((value) => value ?? null),
  seat: nullableNumber,
  seats_left: nullableNumber,
  free_book: z.boolean(),
  free_book_type: nullableString,
  courseVenue: nullableString,
  is_layout_course_registration: z.boolean(),
  is_enable_length_course: z.boolean(),
  course_length: nullableString,
  course_language: nullableString,
  is_recertification_course: z.boolean().optional().default(false),
  meta_title: nullableString,
  meta_description: nullableString,
  social_title: nullableString,
  social_description: nullableString,
  social_image: z.looseObject({ url: z.string(), width: nullableNumber, height: nullableNumber, alternativeText: nullableString }).nullable(),
  teacher: z.looseObject({ id: z.number(), name: z.string(), headline: nullableString, bio: nullableString, pictureUrl: nullableString }).nullable(),
  groups: z
    .array(z.looseObject({ id: z.number(), name: z.string() }))
    .optional()
    .default([]),
  curriculum: z.array(SectionSchema).nullable(),
  is_enable_comment: z.boolean(),
  related: z
    .looseObject({
      byTeacher: z.array(CourseListItemSchema).nullable(),
      byGroup: z.array(CourseListItemSchema).nullable(),
      bestSeller: z.array(CourseListItemSchema).nullable(),
    })
    .nullable(),
});
export type WireCourseDetail = z.infer<typeof CourseDetailSchema>;

export const CourseDetailResponseSchema = z.object({ success: z.literal(true), data: CourseDetailSchema });

/** GET /api/setting/site/into/1: the switches the page and the checkout are built from (one shape, in shared). */
export type WireSiteSettings = SiteSettings;
export const SiteSettingsResponseSchema = z.object({ success: z.literal(true), data: SiteSettingsSchema });

export const HowToBuyResponseSchema = z.looseObject({ success: z.literal(true), is_enable_howtobuy: z.boolean(), description: nullableString });

export const CustomLabelSchema = z.looseObject({
  id: z.number().int(),
  type_label: z.enum(['inputtext', 'select', 'multiple', 'checkbox', 'radio', 'image']),
  label: z.string(),
  order_label: z.number(),
  required: z.boolean(),
  item_list: z.unknown().optional(),
});
export const CustomLabelsResponseSchema = z.object({ success: z.literal(true), data: z.array(CustomLabelSchema) });

export const UserGroupsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(z.looseObject({ id: z.number().int(), name: z.string(), is_default: z.boolean() })),
});

const DiscountFields = {
  discount_type: z.enum(['amount', 'percent']),
  discount_amount: z.number(),
  discount_amount_usd: z.number(),
  discount_percent: z.number(),
};

export const PromotionSchema = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  description_list: z.unknown().optional(),
  link_path: z.string(),
  promotion_type: z.enum(['P1', 'P2']),
  number_of_course: z.number(),
  ...DiscountFields,
  is_enable_tier: z.boolean(),
  tier_list: z.array(z.looseObject({ number_of_course: z.number(), label: nullableString, ...DiscountFields })),
  courses: z.array(z.number()),
  valid_from: nullableString,
  valid_to: nullableString,
});
export type WirePromotion = z.infer<typeof PromotionSchema>;
export const PromotionsResponseSchema = z.object({ success: z.literal(true), data: z.array(PromotionSchema) });

export const CouponSchema = z.looseObject({
  id: z.number().int(),
  code: z.string(),
  name: nullableString,
  coupon_type: z.enum(['P1', 'P2']),
  number_of_course: z.number(),
  ...DiscountFields,
  courses: z.array(z.number()),
  payment_method: z.array(z.number()),
  valid_from: nullableString,
  valid_to: nullableString,
});
export type WireCoupon = z.infer<typeof CouponSchema>;
export const CouponResponseSchema = z.object({ success: z.literal(true), data: z.array(CouponSchema).min(1) });

export const BankAccountSchema = z.looseObject({
  id: z.number().int(),
  account_id: z.string(),
  account_name: z.string(),
  bank_name: z.string(),
  bank_code: nullableString,
  promptpay_id: nullableString,
  prompt_pay_image: nullableString,
});
export type WireBankAccount = z.infer<typeof BankAccountSchema>;

export const PaymentMethodSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  payment_type: z.string(),
  description: nullableString,
  logoUrl: nullableString,
  bankList: z.array(BankAccountSchema).optional(),
});
export type WirePaymentMethod = z.infer<typeof PaymentMethodSchema>;
export const PaymentMethodsResponseSchema = z.object({ success: z.literal(true), data: z.array(PaymentMethodSchema) });

export const OriginBanksResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(z.looseObject({ banktransfer_value: z.string(), banktransfer_nameth: z.string(), banktransfer_nameen: nullableString })),
});

export const LoginResponseSchema = z.object({
  success: z.literal(true),
  jwt: z.string().min(1),
  user: z.looseObject({ id: z.number().int(), username: z.string(), email: z.string(), firstname: nullableString, lastname: nullableString }),
});

export const RegisterResponseSchema = z.looseObject({ success: z.literal(true), userId: z.number().int() });

export const UploadResponseSchema = z.object({ success: z.literal(true), fileName: z.array(z.string()) });
export const UploadTicketResponseSchema = z.object({ success: z.literal(true), ticket: z.string().min(1), expiresAt: z.string() });

const OrderDetailFields = {
  id: z.number().int(),
  payment_status: z.string(),
  price: z.number(),
  discount: z.number(),
  shipping_fee: z.number(),
  withholding_price: z.number(),
  vat: z.number().optional().default(0),
  /** Absent from a CMS that predates the VAT mode: included (ADR 182). */
  vat_mode: z.enum(VAT_MODES).nullable().optional(),
  vat_basis_points: z.number().int().optional().default(0),
  net: z.number(),
  currency_code: z.enum(['THB', 'USD']),
  payment_method_id: nullableNumber,
  coupon_list_code: z.array(z.string()).optional().default([]),
  order_course_list: z
    .array(z.looseObject({ course_id: nullableNumber, title: z.string(), price: z.number(), discount: z.number(), net: z.number() }))
    .optional()
    .default([]),
};

export const CreateOrderResponseSchema = z.looseObject({
  success: z.literal(true),
  orderId: z.number().int(),
  order_detail: z.looseObject({ ...OrderDetailFields, order_token: z.string() }),
  need_approval: z.boolean().optional(),
});

export const PaymentOrderResponseSchema = z.looseObject({
  success: z.literal(true),
  ...OrderDetailFields,
  order_token: z.string(),
  email: z.string(),
  tel: z.string(),
  prompt_pay: z.looseObject({ payload: z.string(), promptpay_id: z.string() }).nullable().optional().default(null),
});
export type WirePaymentOrder = z.infer<typeof PaymentOrderResponseSchema>;

export const ReportResponseSchema = z.looseObject({ success: z.literal(true), orderPaymentId: z.number().int(), order_token: z.string() });

const CommentReplySchema = z.looseObject({ id: z.number().int(), comment: z.string(), createdAt: nullableString, author: z.looseObject({ name: z.string() }) });
export const CommentSchema = CommentReplySchema.extend({ replies: z.array(CommentReplySchema).optional().default([]) });
export type WireComment = z.infer<typeof CommentSchema>;
export const CommentsResponseSchema = z.looseObject({
  success: z.literal(true),
  data: z.array(CommentSchema),
  pagination: z.looseObject({ page: z.number(), pageSize: z.number(), pageCount: z.number(), total: z.number() }),
});
export const CommentResponseSchema = z.object({ success: z.literal(true), data: CommentSchema });

export const SuccessResponseSchema = z.looseObject({ success: z.literal(true) });

/** The error envelope of every custom CMS route. */
export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.looseObject({ code: z.string(), msg: z.string().optional().default(''), errors: z.unknown().optional(), result: z.unknown().optional() }),
});
