/**
 * /admin/payments/slip/{name}: a transfer slip of a pending report, for the review page only.
 * Fetched from the CMS with the administrator's token; never cached.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { fetchSlip, requireShopAdmin } from '~/lib/admin.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireShopAdmin(request);
  return fetchSlip(params.name ?? '', admin, request.signal);
}
