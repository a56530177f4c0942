/** The pricing engine: a pure function from a cart to a priced breakdown. */
export { priceCart } from './price-cart.js';
export type * from './types.js';
