/**
 * /private/orders/{orderId}/documents/credit-note: the signed-in student's credit note of an order
 * the shop cancelled after payment, as a PDF (ADR 198). A visitor signs in first; another
 * student's order is 404.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { passOrderDocument } from '~/lib/order-documents.server';
import { requireStudent, signInAgain } from '~/lib/orders.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const student = await requireStudent(request);
  try {
    return await passOrderDocument(params.orderId ?? '', student, request.signal, 'credit-note');
  } catch (error) {
    if (error && typeof error === 'object' && 'init' in error && (error as { init?: { status?: number } }).init?.status === 401) throw signInAgain(request);
    throw error;
  }
}
