/**
 * /pay/{orderId}/promptpay.svg: the shop's PromptPay QR of one of the student's own unpaid
 * bank-transfer orders, drawn from the payload the CMS built from the stored order (ADR 187).
 * A picture of its own, so the page's HTML stays small; anyone else's order is a 404.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import QRCode from 'qrcode';
import { CmsApiError, getOrderForPayment, isCmsNotFound } from '~/lib/cms.server';
import { getLocale } from '~/lib/i18n.server';
import { getSession } from '~/lib/session.server';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const orderId = params.orderId && /^\d{1,15}$/.test(params.orderId) ? Number(params.orderId) : 0;
  const student = (await getSession(request)).get('student');
  if (!orderId || !student) throw data(null, { status: 404, headers: PRIVATE });
  let payload: string | null;
  try {
    const order = await getOrderForPayment(orderId, { jwt: student.jwt, locale: getLocale(request), signal: request.signal });
    payload = order.prompt_pay?.payload ?? null;
  } catch (error) {
    if (isCmsNotFound(error) || (error instanceof CmsApiError && error.status < 500)) throw data(null, { status: 404, headers: PRIVATE });
    throw error;
  }
  if (!payload) throw data(null, { status: 404, headers: PRIVATE });
  const svg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...PRIVATE } });
}
