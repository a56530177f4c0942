/**
 * How course and product pages are addressed: `/courses/{id}-{slug}` and
 * `/products/{id}-{slug}`. The id identifies the entry; the slug is only for people
 * and search engines, so a wrong or stale slug still finds the entry and the caller
 * redirects to the canonical path (ADR 080). Links in mails and payment returns put the
 * storefront's origin in front.
 */
import { badRequest } from './errors';

export type EntryRef = { id: number; slug: null } | { id: null; slug: string };

const REF_PATTERN = /^[A-Za-z0-9-]{1,200}$/;
const ID_FIRST = /^(\d{1,9})(?:-|$)/;

/**
 * Reads the `{id}-{slug}`, `{id}` or `{slug}` segment of a page address: the digits
 * before the first dash are the id; a segment that does not start with digits is a slug.
 * Anything else is refused as INPUT_ERROR.
 */
export function parseEntryRef(segment: string | undefined): EntryRef {
  const value = String(segment ?? '').trim();
  if (!REF_PATTERN.test(value)) throw badRequest('INPUT_ERROR', undefined, { fields: ['slug'] });
  const id = ID_FIRST.exec(value);
  if (id) {
    const number = Number(id[1]);
    if (number > 0) return { id: number, slug: null };
    throw badRequest('INPUT_ERROR', undefined, { fields: ['slug'] });
  }
  return { id: null, slug: value.toLowerCase() };
}

/** The storefront's origin: the first of STOREFRONT_URL (the real-time channel reads the same list). */
export function storefrontUrl(): string {
  const first = (process.env.STOREFRONT_URL ?? '').split(',')[0]?.trim();
  return (first && /^https?:\/\//.test(first) ? first : 'http://localhost:3000').replace(/\/+$/, '');
}

export function coursePath(id: number, slug: string | null): string {
  return slug ? `/courses/${id}-${slug}` : `/courses/${id}`;
}

export function productPath(id: number, slug: string | null): string {
  return slug ? `/products/${id}-${slug}` : `/products/${id}`;
}

export type PagePath = { kind: 'course' | 'product'; ref: EntryRef };

/**
 * Reads a storefront address (a path, or a whole URL) as a course or product page:
 * `/courses/12-slug`, `/courses/12`, `/courses/slug`, the same under `/products/` or
 * `/product/`; a query string or fragment is ignored. null when it is no such page.
 */
export function parsePagePath(linkPath: string): PagePath | null {
  let path: string;
  try {
    path = new URL(linkPath, 'http://storefront.invalid').pathname;
  } catch {
    return null;
  }
  const match = /^\/(courses|course|products|product)\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  let segment: string;
  try {
    segment = decodeURIComponent(match[2]);
  } catch {
    return null;
  }
  if (!REF_PATTERN.test(segment)) return null;
  return { kind: match[1].startsWith('course') ? 'course' : 'product', ref: parseEntryRef(segment) };
}
