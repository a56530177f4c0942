/**
 * /admin/orders/certificate/{name}: a buyer's withholding certificate (ADR 197), a private upload
 * the CMS gives shop administrators only, fetched with the administrator's token, never cached.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { passPrivateFile, requireShopAdmin } from '~/lib/admin.server';

/** A stored upload name as the CMS makes them; anything else is never asked for. */
const STORED_NAME = /^[0-9a-f]{32}\.(pdf|jpg|png|gif|webp)$/;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireShopAdmin(request);
  const name = params.name ?? '';
  if (!STORED_NAME.test(name)) throw data(null, { status: 404 });
  return passPrivateFile(`/private/files/${name}`, admin, request.signal);
}
