/**
 * What the site header shows about the visitor: the signed-in student's id and name (never
 * the token) and how many lines their cart holds. The count is best effort: a slow or
 * failing CMS leaves it out rather than holding the page.
 */
import { getCartLines } from './cart.server';
import { hasSessionCookie, getSessionStudent } from './session.server';

export type HeaderStudent = { userId: number; name: string };

const CART_COUNT_TIMEOUT_MS = 1500;

export async function getHeaderStudent(request: Request): Promise<{ student: HeaderStudent | null; cartCount: number | null }> {
  if (!hasSessionCookie(request)) return { student: null, cartCount: null };
  const student = await getSessionStudent(request);
  if (!student) return { student: null, cartCount: null };
  let cartCount: number | null = null;
  try {
    cartCount = (await getCartLines({ jwt: student.jwt, signal: request.signal, timeoutMs: CART_COUNT_TIMEOUT_MS })).length;
  } catch (error) {
    if (request.signal.aborted) throw error;
  }
  return { student: { userId: student.userId, name: student.name }, cartCount };
}
