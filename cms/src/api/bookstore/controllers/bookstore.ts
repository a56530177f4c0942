/** Thin: POST /api/bookstore/cart (the books named) and /api/bookstore/cart/mine (the books of the caller's cart) → `{ success: true, location }`, the retailer page the browser goes to. */
import type { Core } from '@strapi/strapi';
import { translatorFor } from '../../../lib/texts';
import { localeOf } from '../../../http/messages';
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

  /** POST /api/bookstore/cart/mine → the same answer, for every book in the caller's cart; the body is not read. */
  async handOffMyCart(ctx: Ctx) {
    const student = ctx.state.student!;
    const bookstore = strapi.service('api::bookstore.bookstore');
    const cart = await bookstore.buildCartFromRows({ buyer: { id: student.id, email: student.email, username: student.username, firstname: student.firstname, lastname: student.lastname } });
    const { location } = await bookstore.handOff(cart);
    ctx.body = { success: true, location };
  },
});
