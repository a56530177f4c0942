/**
 * The book retailer hand-off payload (spec section 7, POST /api/{book-retailer}/cart).
 * Prices, totals and the discount are read only to stay compatible with the old
 * client: the CMS prices the cart from its own plans before handing it over.
 */
import { z } from 'zod';
import { createTranslator, type Translate } from '@sala/shared/texts';
import { badRequest } from '../../../lib/errors';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const idList = z.preprocess((v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]), z.array(id).max(50));
const majorAmount = z
  .union([
    z.number().nonnegative(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/),
  ])
  .transform(String);
const nullableId = z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable());
const nullableText = z.preprocess((v) => (v === undefined || v === '' ? null : v), z.string().trim().max(64).nullable());

function jsonOf<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, schema);
}

/** One line of `courses`: which book, and how many. */
const BookLineSchema = z.looseObject({
  course_id: id,
  quantity: z.coerce.number().int().positive().max(99).optional(),
});

export const BookstoreCartPayloadSchema = z
  .object({
    user_id: nullableId.default(null),
    email: z.string().trim().max(255).optional(),
    course_id: idList,
    price: majorAmount.optional(),
    totalPrice: majorAmount.optional(),
    discount: majorAmount.optional(),
    courses: jsonOf(z.array(BookLineSchema).max(50)).default([]),
    cancel_at: nullableText.default(null),
    order_at: nullableText.default(null),
    shipping_address_id: nullableId.default(null),
  })
  .superRefine((cart, ctx) => {
    if (cart.course_id.length === 0) ctx.addIssue({ code: 'custom', path: ['course_id'], message: 'cart_empty' });
    if (new Set(cart.course_id).size !== cart.course_id.length) ctx.addIssue({ code: 'custom', path: ['course_id'], message: 'duplicate' });
  });
export type BookstoreCartPayload = z.output<typeof BookstoreCartPayloadSchema>;

/** Parses the body; an empty cart is CART_EMPTY, anything else VALIDATION_ERROR with the field named. */
export function parseBookstoreCart(body: unknown, t: Translate = createTranslator('th')): BookstoreCartPayload {
  const parsed = BookstoreCartPayloadSchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? 'body');
  if (field === 'course_id' && issue?.message === 'cart_empty') throw badRequest('CART_EMPTY', undefined, { errors: { course_id: [t('error_cart_empty')] } });
  throw badRequest('VALIDATION_ERROR', undefined, { errors: { [field]: [t('error_validation_error')] } });
}
