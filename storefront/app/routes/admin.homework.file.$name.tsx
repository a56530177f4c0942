/**
 * /admin/homework/file/{name}: a file a student handed in for a homework lecture, for the
 * administrator's homework list only. Fetched from the CMS with the administrator's token; never cached.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { passPrivateFile, requireShopAdmin } from '~/lib/admin.server';
import { isHandedInFile } from '~/lib/lecture-pages.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireShopAdmin(request);
  const name = params.name ?? '';
  if (!(await isHandedInFile(name, { jwt: admin.jwt, signal: request.signal }))) throw data(null, { status: 404 });
  return passPrivateFile(`/private/files/${name}`, admin, request.signal);
}
