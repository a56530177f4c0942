/**
 * The receipt or tax invoice of one of the student's orders (ADR 189), fetched from the CMS with
 * the student's own token and passed on as the PDF it is, never cached. The CMS answers 404 for
 * an order that is not the student's or has no document; so does this.
 */
import { data } from '@remix-run/node';
import { getEnv } from '../env.server';
import type { SessionStudent } from './session.server';

const ORDER_ID = /^[1-9]\d{0,9}$/;

export async function passOrderDocument(orderId: string, student: SessionStudent, signal?: AbortSignal): Promise<Response> {
  if (!ORDER_ID.test(orderId)) throw data(null, { status: 404 });
  const upstream = await fetch(`${getEnv().CMS_URL}/private/orders/${orderId}/documents/receipt`, { headers: { authorization: `Bearer ${student.jwt}` }, signal });
  if (upstream.status === 401) throw data(null, { status: 401 });
  if (!upstream.ok || !upstream.body || upstream.headers.get('content-type') !== 'application/pdf') throw data(null, { status: upstream.status === 404 ? 404 : 502 });
  const disposition = upstream.headers.get('content-disposition');
  return new Response(upstream.body, {
    headers: {
      'Content-Type': 'application/pdf',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      ...(disposition && /^inline; filename="[\w.-]+"$/.test(disposition) ? { 'Content-Disposition': disposition } : {}),
    },
  });
}
