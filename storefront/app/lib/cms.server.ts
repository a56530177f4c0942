/**
 * The storefront's only door to the CMS. Every call has a timeout, validates the
 * answer against a schema, and fails as a CmsError with a small closed set of codes
 * so loaders can decide between a 404, a 503 and a fallback.
 */
import type { z } from 'zod';
import { getEnv } from '../env.server';
import { CourseListResponseSchema, TextsResponseSchema, type CourseListItem } from './catalog';
import type { Locale } from './i18n';

export type CmsErrorCode = 'CMS_UNREACHABLE' | 'CMS_TIMEOUT' | 'CMS_NOT_FOUND' | 'CMS_BAD_STATUS' | 'CMS_BAD_RESPONSE';

export class CmsError extends Error {
  constructor(
    readonly code: CmsErrorCode,
    readonly path: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`${code} for GET ${path}${status ? ` (HTTP ${status})` : ''}`, options);
    this.name = 'CmsError';
  }
}

type FetchOptions = { signal?: AbortSignal; timeoutMs?: number };

function withTimeout(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

async function request(path: string, options: FetchOptions): Promise<Response> {
  const env = getEnv();
  const signal = withTimeout(options.timeoutMs ?? env.CMS_TIMEOUT_MS, options.signal);
  try {
    return await fetch(`${env.CMS_URL}${path}`, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (options.signal?.aborted) throw error; // the visitor went away: not a CMS fault
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new CmsError(timedOut ? 'CMS_TIMEOUT' : 'CMS_UNREACHABLE', path, undefined, { cause: error });
  }
}

async function getJson<S extends z.ZodType>(path: string, schema: S, options: FetchOptions = {}): Promise<z.infer<S>> {
  const response = await request(path, options);
  if (response.status === 404) throw new CmsError('CMS_NOT_FOUND', path, 404);
  if (!response.ok) throw new CmsError('CMS_BAD_STATUS', path, response.status);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new CmsError('CMS_BAD_RESPONSE', path, response.status, { cause: error });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new CmsError('CMS_BAD_RESPONSE', path, response.status, { cause: parsed.error });
  return parsed.data;
}

export type CourseListQuery = { keyword?: string; filter?: string };

/** Published courses for the catalogue, cheapest listed default plan as the price. */
export async function getCourseList(query: CourseListQuery = {}, options?: FetchOptions): Promise<CourseListItem[]> {
  const params = new URLSearchParams();
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.filter) params.set('filter', query.filter);
  const search = params.size ? `?${params}` : '';
  const { data } = await getJson(`/public/courses${search}`, CourseListResponseSchema, options);
  return data;
}

/** The text overrides editors saved in the CMS for one locale (key → text). */
export async function getTextOverrides(locale: Locale, options?: FetchOptions): Promise<Record<string, string>> {
  const { data } = await getJson(`/public/texts?locale=${locale}`, TextsResponseSchema, options);
  return data;
}

/** True when the CMS answers its health probe (Strapi's /_health gives 204). */
export async function isCmsHealthy(options: FetchOptions = {}): Promise<boolean> {
  try {
    const response = await request('/_health', { timeoutMs: 2000, ...options });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * A browser-facing URL for a CMS upload. Uploads are stored as /uploads/... paths;
 * absolute URLs (an external upload provider) pass through.
 */
export function toPublicAssetUrl(path: string | null): string | null {
  if (!path) return null;
  if (/^https?:\/\//i.test(path)) return path;
  return `${getEnv().CMS_PUBLIC_URL}${path.startsWith('/') ? '' : '/'}${path}`;
}
