/**
 * The signed-in account as the purchase rules see it, and what it already bought.
 */
import type { Core } from '@strapi/strapi';
import type { OrderStatus, PricingType, TaxPersonType } from '@sala/shared/constants';
import type { Buyer, OwnedCourse } from '@sala/shared/eligibility';
import { TAX_INVOICE_DETAIL_FIELDS, isValidThaiTaxId, taxInvoiceLabels } from '@sala/shared/schemas';
import type { Translate } from '@sala/shared/texts';
import { createRows } from '../../../lib/rows';
import { UID, type Trx } from './db';
import type { Student } from '../../../http/ctx';

/** Role types that may not buy: an instructor account that is not also a student. */
const INSTRUCTOR_ROLE = 'instructor';

export function toBuyer(student: Student): NonNullable<Buyer> {
  const isInstructor = student.role?.type === INSTRUCTOR_ROLE;
  return { isInstructor, isStudent: !isInstructor };
}

/**
 * Members are account holders who signed up as such. An account made by layout
 * four's purchase without registration belongs to a non-member buyer (spec
 * section 6), who may not take member-only plans.
 */
export function isMember(student: Student): boolean {
  return !student.is_registration_layout_four;
}

export function userGroupOf(student: Student): number | null {
  const group = student.user_group as { id?: number } | number | null | undefined;
  if (typeof group === 'number') return group;
  return group?.id ?? null;
}

/** The tax invoice the buyer's profile asks for; juristic only with a valid 13-digit payer id. */
export function taxInvoiceOf(student: Student): { personType: TaxPersonType } | null {
  const taxId = typeof student.tax_payer_identification_no === 'string' ? student.tax_payer_identification_no.trim() : '';
  if (student.tax_person_type === 'juristic_person' && isValidThaiTaxId(taxId) && student.tax_name_one) return { personType: 'juristic_person' };
  if (student.is_require_tax_invoice) return { personType: 'normal_person' };
  return null;
}

/**
 * The tax-invoice check (spec section 9, ADR 182): an order that asks for a tax invoice and
 * reaches 1,000 THB (30 USD) must find the buyer's tax details on the account, a name and a
 * valid 13-digit payer id, or the invoice could not be issued. The fields that fail, by wire
 * name, each with its Thai message; empty when they are there.
 */
export function missingTaxInvoiceDetails(student: Student, t: Translate): Record<string, string[]> {
  const name = typeof student.tax_name_one === 'string' ? student.tax_name_one.trim() : '';
  const taxId = typeof student.tax_payer_identification_no === 'string' ? student.tax_payer_identification_no.trim() : '';
  const labels = taxInvoiceLabels(student.tax_person_type === 'juristic_person' ? 'juristic_person' : 'normal_person');
  const errors: Record<string, string[]> = {};
  if (!name) errors.tax_name_one = [t('validation_required', { label: t(labels.nameOne) })];
  if (!isValidThaiTaxId(taxId)) errors.tax_payer_identification_no = [t(/^\d{13}$/.test(taxId) ? 'tax_id_checksum' : 'tax_id_invalid')];
  return errors;
}

/** What the order keeps of the buyer's tax details, as they were when it was placed. */
export function taxInfoSnapshot(student: Student): Record<string, unknown> | null {
  if (!student.is_require_tax_invoice && student.tax_person_type !== 'juristic_person') return null;
  return Object.fromEntries(TAX_INVOICE_DETAIL_FIELDS.map((field) => [field, student[field] ?? null]));
}

export type BuyerHistory = {
  /** Status of the latest open, approved or rejected order per course. */
  latestStatus: Map<number, OrderStatus>;
  /** Courses of approved orders, with the pricing type of the plan. */
  owned: OwnedCourse[];
};

/** Statuses that still say something about a course: cancelled and expired orders are as if never placed. */
const HISTORY_STATUSES: OrderStatus[] = ['notYetReceived', 'pendingApproved', 'approved', 'rejected'];

/**
 * The buyer's orders that decide whether a course may be bought again, newest first, with
 * each line's course and plan, in one statement (the query engine sends one per populated
 * relation). Pass the transaction when there is one: on SQLite the pool's single connection
 * is the transaction's until it ends.
 */
export async function loadBuyerHistory(strapi: Core.Strapi, userId: number, trx?: Trx): Promise<BuyerHistory> {
  const rows = createRows(strapi);
  const knex = rows.knex() as any;
  const buyer = rows.link(UID.order, 'user');
  const lineOrder = rows.link(UID.orderLine, 'order');
  const lineCourse = rows.link(UID.orderLine, 'course');
  const linePlan = rows.link(UID.orderLine, 'pricing_plan');
  const state = rows.column(UID.order, 'state');
  let query = knex
    .from({ o: rows.table(UID.order) })
    .join({ ou: buyer.table }, (on: any) => on.on(`ou.${buyer.own}`, 'o.id').andOnVal(`ou.${buyer.other}`, userId))
    .leftJoin({ lo: lineOrder.table }, `lo.${lineOrder.other}`, 'o.id')
    .leftJoin({ lc: lineCourse.table }, `lc.${lineCourse.own}`, `lo.${lineOrder.own}`)
    .leftJoin({ c: rows.table(UID.course) }, 'c.id', `lc.${lineCourse.other}`)
    .leftJoin({ lp: linePlan.table }, `lp.${linePlan.own}`, `lo.${lineOrder.own}`)
    .leftJoin({ p: rows.table(UID.plan) }, 'p.id', `lp.${linePlan.other}`)
    .select('o.id as order_id', `o.${state} as status`, 'c.id as course_id', `p.${rows.column(UID.plan, 'pricing_type')} as pricing_type`)
    .whereIn(`o.${state}`, HISTORY_STATUSES)
    .orderBy([{ column: 'o.id', order: 'desc' }, ...(lineOrder.order ? [`lo.${lineOrder.order}`] : []), `lo.${lineOrder.own}`]);
  if (trx) query = query.transacting(trx);
  const found = (await query) as { order_id: number; status: OrderStatus; course_id: number | string | null; pricing_type: PricingType | null }[];
  const latestStatus = new Map<number, OrderStatus>();
  const owned: OwnedCourse[] = [];
  for (const line of found) {
    if (line.course_id === null) continue;
    const courseId = Number(line.course_id);
    if (!latestStatus.has(courseId)) latestStatus.set(courseId, line.status);
    if (line.status === 'approved') owned.push({ courseId, pricingType: line.pricing_type ?? 'default' });
  }
  return { latestStatus, owned };
}
