/** POST /logout: signs the student out and goes home (or to a local `redirect`). A GET only redirects home. */
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { logOut, safeRedirect } from '~/lib/auth.server';

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  return logOut(request, safeRedirect(formData.get('redirect'), '/'));
}

export function loader() {
  return redirect('/');
}
