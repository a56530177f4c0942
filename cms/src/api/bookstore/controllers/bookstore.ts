/** Thin: POST /api/bookstore/cart → `{ success: true, location }`, the retailer page the browser goes to. */
import type { Core } from '@strapi/strapi';
import { localeOf } from '../../../http/messages';
import { translatorFor } from '../../../lib/texts';
import { parseBookstoreCart } from '../lib/payload';
import type { Ctx } from '../../../http/ctx';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async handOffCart(ctx: Ctx) {
    const payload = parseBookstoreCart(ctx.request.body, await translatorFor(strapi, localeOf(ctx)));
    const student = ctx.state.student!;
    const bookstore = strapi.service('api::bookstore.bookstore');
    const cart = await bookstore.buildCart({ buyer: { id: student.id, email: student.email, username: student.username, firstname: student.firstname, lastname: student.lastname }, payload });
    const { location } = await bookstore.handOff(cart);
    ctx.body = { success: true, location };
  },
});
