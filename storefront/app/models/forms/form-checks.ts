/** What the sign-in form and the delivery address check in the browser with: the shared schemas and conform's zod parser (loaded by checks-later.ts). */
export { buildLoginSchema, buildShippingAddressSchema } from '@sala/shared/schemas';
export { parseWithZod } from '@conform-to/zod/v4';
