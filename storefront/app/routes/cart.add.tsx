/**
 * POST /cart/add: puts a course (or a product sold through the same cart call) in the
 * signed-in student's cart and goes to /cart (or a local `redirect`). Fields: courseId,
 * planId (optional), redirect (optional). A visitor goes to /cart?course={id} to sign in
 * first. See routes/cart.tsx.
 */
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { addToCartFromForm } from '~/lib/cart.server';

export async function action({ request }: ActionFunctionArgs) {
  return addToCartFromForm(request, await request.formData());
}

export function loader() {
  return redirect('/cart');
}
