/**
 * The card form's schema alone, for the card forms to load when a card is first checked
 * (ADR 210): importing `@sala/shared/schemas` itself lazily would keep every schema and the text
 * catalogue they use in the browser build.
 */
export { buildCardFormSchema } from '@sala/shared/schemas';
