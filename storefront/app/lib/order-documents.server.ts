/**
 * The receipt or tax invoice (ADR 189) or the credit note (ADR 198) of one of the student's
 * orders, or a credit note for the shop, fetched from the CMS with the caller's own token and
 * passed on as the PDF it is, never cached. The CMS answers 404 for an order that is not the
 * student's or has no such document; so does this.
 */
import { data } from '@remix-run/node';
import { getEnv } from '../env.server';
import { requestIdHeaders } from './client-address.server';
import type { SessionStudent } from './session.server';

const ORDER_ID = /^[1-9]\d{0,9}$/;

export type OrderDocumentKind = 'receipt' | 'credit-note';

/** The CMS path of a document: the student's own, or (`shop`) any order's credit note for the shop. */
function documentPath(orderId: string, kind: OrderDocumentKind, shop: boolean): string {
  return `${shop ? '/private/admin/orders' : '/private/orders'}/${orderId}/documents/${kind}`;
}

export async function passOrderDocument(orderId: string, student: SessionStudent, signal?: AbortSignal, kind: OrderDocumentKind = 'receipt', shop = false): Promise<Response> {
  if (!ORDER_ID.test(orderId)) throw data(null, { status: 404 });
  const upstream = await fetch(`${getEnv().CMS_URL}${documentPath(orderId, kind, shop)}`, { headers: { authorization: `Bearer ${student.jwt}`, ...requestIdHeaders() }, signal });
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
