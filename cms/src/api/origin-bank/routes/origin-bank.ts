/** Generated content-API routes. No role is granted them: the storefront reads through custom routes. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::origin-bank.origin-bank');
