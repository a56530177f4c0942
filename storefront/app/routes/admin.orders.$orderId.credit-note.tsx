/** /admin/orders/{orderId}/credit-note: the credit note of a cancelled order for the shop (ADR 198), a PDF fetched with the administrator's token. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireShopAdmin } from '~/lib/admin.server';
import { passOrderDocument } from '~/lib/order-documents.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireShopAdmin(request);
  return passOrderDocument(params.orderId ?? '', admin, request.signal, 'credit-note', true);
}
