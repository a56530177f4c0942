/**
 * GET /admin/uploads/storage: the shop's free storage in gigabytes for the upload control's
 * check, read from the CMS with the administrator's token (`{ free }`, null when unknown).
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { getFreeStorage, requireShopAdmin } from '~/lib/uploads.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireShopAdmin(request);
  const free = await getFreeStorage({ jwt: admin.jwt, signal: request.signal });
  return data({ free }, { headers: { 'Cache-Control': 'private, no-store' } });
}
