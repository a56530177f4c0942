/** zod fields for ids, flags and lists as the old client sends them (numbers or numeric strings). */
import { PAGINATION } from '@sala/shared/constants';
import { z } from 'zod';

const MAX_ID = 2_147_483_647;

/** A positive database id, as a number or a string of digits. */
export const idField = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,10}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(MAX_ID));

/** A route parameter that must be a positive id. */
export const idParam = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(MAX_ID));

/** true/false, 1/0, '1'/'0', 'true'/'false'; anything else is refused rather than read as false. */
export const strictFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

function toList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'string' && value.includes(',')) return value.split(',');
  return [value];
}

/** A list of ids; a single id or a comma list is read as a list. Duplicates are dropped, order kept. */
export function idList(max: number) {
  return z.preprocess(toList, z.array(idField).max(max)).transform((ids) => [...new Set(ids)]);
}

/** A list's paging in the query string: `page` from 1 (default 1), `pageSize` one of the spec's sizes (default 10). */
export const pagingQuery = {
  page: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .pipe(z.number().int().min(1))
    .optional()
    .default(1),
  pageSize: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().refine((size) => (PAGINATION.pageSizeOptions as readonly number[]).includes(size)))
    .optional()
    .default(PAGINATION.pageSize),
};
