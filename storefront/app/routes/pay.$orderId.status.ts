/**
 * GET /pay/{orderId}/status: the payment status the payment screen polls every 6 s. The CMS
 * asks the provider about the order's pending attempts first (the provider's push may
 * have been lost), then answers the order's status and its attempts.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { CmsApiError, isCmsNotFound } from '~/lib/cms.server';
import { getLocale } from '~/lib/i18n.server';
import { readPaymentStatus } from '~/lib/payment.server';
import { getSessionStudent } from '~/lib/session.server';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const orderId = /^\d{1,15}$/.test(params.orderId ?? '') ? Number(params.orderId) : 0;
  if (!orderId) throw Response.json({ error: 'NOT_FOUND' }, { status: 404, headers: PRIVATE });
  const student = await getSessionStudent(request);
  if (!student) throw Response.json({ error: 'PERMISSION_DENIED' }, { status: 401, headers: PRIVATE });
  try {
    const status = await readPaymentStatus(orderId, { jwt: student.jwt, locale: getLocale(request), signal: request.signal });
    return Response.json(status, { headers: PRIVATE });
  } catch (error) {
    if (isCmsNotFound(error) || (error instanceof CmsApiError && error.status === 403)) throw Response.json({ error: 'NOT_FOUND' }, { status: 404, headers: PRIVATE });
    throw error;
  }
}
