/**
 * What the site header shows about the visitor: the signed-in student's id and name (never
 * the token), how many lines their cart holds, and whether they are a shop administrator (the
 * header then links the administrator area). Both are best effort and asked in parallel: a
 * slow or failing CMS leaves the count out and the link hidden rather than holding the page.
 * A 401 to the cart call names the session modal the page shows (ADR 179).
 */
import { isShopAdmin } from './admin.server';
import { getCartLines } from './cart.server';
import { hasSessionCookie, getSessionStudent } from './session.server';
import { sessionRefusal, type SessionRefusal } from './session-refusal.server';

export type HeaderStudent = { userId: number; name: string; shopAdmin: boolean };

const HEADER_CALL_TIMEOUT_MS = 1500;

export type HeaderState = {
  student: HeaderStudent | null;
  cartCount: number | null;
  /** The CMS refused the student's token on the cart call: the page shows the session-expired or the sign-out modal (ADR 179). */
  refusal: SessionRefusal | null;
};

export async function getHeaderStudent(request: Request): Promise<HeaderState> {
  if (!hasSessionCookie(request)) return { student: null, cartCount: null, refusal: null };
  const student = await getSessionStudent(request);
  if (!student) return { student: null, cartCount: null, refusal: null };
  let refusal: SessionRefusal | null = null;
  const [cartCount, shopAdmin] = await Promise.all([
    getCartLines({ jwt: student.jwt, signal: request.signal, timeoutMs: HEADER_CALL_TIMEOUT_MS }).then(
      (lines) => lines.length,
      (error) => {
        if (request.signal.aborted) throw error;
        refusal = sessionRefusal(error);
        if (refusal) console.warn(`[session] the CMS refused the token of student ${student.userId}: ${refusal}`);
        return null;
      },
    ),
    isShopAdmin(student.jwt, { signal: request.signal, timeoutMs: HEADER_CALL_TIMEOUT_MS }),
  ]);
  return { student: { userId: student.userId, name: student.name, shopAdmin }, cartCount, refusal };
}
