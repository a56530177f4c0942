/**
 * The course page's checkout code, loaded on chunks of its own. A chunk loaded before hydration
 * (preloadCheckoutChunks, awaited by entry.client) is handed to lazy() synchronously, so its
 * Suspense boundary hydrates at once and an early update cannot reach it half-hydrated
 * (React error 421).
 */
type Chunk<M> = { module: M | null; load: () => Promise<M> };

function chunk<M>(load: () => Promise<M>): Chunk<M> {
  const entry: Chunk<M> = { module: null, load: () => load().then((module) => (entry.module = module)) };
  return entry;
}

export const checkoutChunk = chunk(() => import('~/components/checkout/checkout-area'));
export const paymentChunk = chunk(() => import('~/components/checkout/payment-step'));

/** The factory for lazy(): a loaded module is given synchronously, otherwise it is loaded. */
export function fromChunk<M>(entry: Chunk<M>): () => Promise<M> {
  return () => (entry.module ? ({ then: (resolve: (module: M) => void) => resolve(entry.module as M) } as Promise<M>) : entry.load());
}

/** Loads the checkout chunks when the server rendered a checkout slot. */
export function preloadCheckoutChunks(): Promise<unknown> {
  if (typeof document === 'undefined' || !document.querySelector('[data-checkout-slot]')) return Promise.resolve();
  return Promise.all([checkoutChunk.load(), paymentChunk.load()]).catch(() => undefined);
}

/** Whether both checkout chunks are in, so lazy() hands them over without suspending. */
export function checkoutChunksLoaded(): boolean {
  return checkoutChunk.module !== null && paymentChunk.module !== null;
}
