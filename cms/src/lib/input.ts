/**
 * Reading request input with zod: a failure is a 400 INPUT_ERROR naming the fields that
 * were wrong (never the values, never an English zod message), so nothing half-valid
 * reaches a service.
 */
import type { z } from 'zod';
import { badRequest } from './errors';

export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = [...new Set(result.error.issues.map((issue) => issue.path.map(String).join('.') || '_'))];
  throw badRequest('INPUT_ERROR', undefined, { fields });
}

/** The first value of a query-string parameter (`?a=1&a=2` reads as '1'). */
export function single(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.trim() : undefined;
}
