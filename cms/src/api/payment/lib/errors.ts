/**
 * A payment that cannot start, as the spec's error catalogue names it: the
 * minimum of methods 8 and 9 is MINIMUM_AMOUNT; a provider refusal or outage is
 * payment_fail (shown under the cart_fail title); a method set up wrongly is
 * logged for the shop and answered payment_fail as well.
 */
import type { Core } from '@strapi/strapi';
import { ApiError, badRequest } from '../../../lib/errors';
import { PaymentError } from '../../../payments';

export function paymentFailure(strapi: Core.Strapi, error: unknown, context: string): Error {
  if (!(error instanceof PaymentError)) return error as Error;
  const result = error.providerCode ? { provider_code: error.providerCode } : {};
  // The storefront titles a payment failure with the cart_fail text and shows msg (payment_fail) under it.
  const title_key = 'cart_fail';
  switch (error.code) {
    case 'BELOW_MINIMUM':
      return badRequest('MINIMUM_AMOUNT');
    case 'INVALID_INPUT':
      return badRequest('VALIDATION_ERROR');
    case 'ABOVE_MAXIMUM':
    case 'UNSUPPORTED_CURRENCY':
      return badRequest('payment_fail', undefined, { title_key, result: { reason: error.code } });
    case 'PROVIDER_REJECTED':
      strapi.log.warn(`[payment] ${context}: provider refused: ${error.message}`);
      return new ApiError(402, 'payment_fail', undefined, { title_key, result });
    case 'PROVIDER_UNAVAILABLE':
      strapi.log.warn(`[payment] ${context}: provider unreachable: ${error.message}`);
      return new ApiError(502, 'payment_fail', undefined, { title_key });
    case 'MISCONFIGURED':
    default:
      strapi.log.error(`[payment] ${context}: payment method is not set up: ${error.message}`);
      return new ApiError(503, 'payment_fail', undefined, { title_key });
  }
}
