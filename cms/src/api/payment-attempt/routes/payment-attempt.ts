/** Generated content-API routes. No role is granted them: attempts are read by staff in the admin and by the storefront through the payment routes. */
import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::payment-attempt.payment-attempt');
