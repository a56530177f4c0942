/**
 * The course page's checkout code, loaded on chunks of its own. A loaded chunk is handed to lazy()
 * synchronously, so the form renders without suspending once its code is in.
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

/** The longest the checkout's code waits for the first paint (a page that paints nothing, a hidden tab). */
const FIRST_PAINT_WAIT_MS = 3000;

/**
 * Resolves once the browser has painted the page's first content (the paint timing entry of the
 * first contentful paint), at once when it already has or the browser does not report paints,
 * and after FIRST_PAINT_WAIT_MS at the latest.
 */
export function afterFirstPaint(): Promise<void> {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return Promise.resolve();
  if (performance.getEntriesByName('first-contentful-paint').length > 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(done, FIRST_PAINT_WAIT_MS);
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * Loads both checkout chunks, not before the page has painted: the form's code (the larger part of
 * the page's JavaScript) never competes with the stylesheet, fonts and preview picture of the first
 * paint (ADR 145). The checkout island asks for it when the form nears the screen (ADR 153).
 */
export function loadCheckoutChunks(): Promise<unknown> {
  return afterFirstPaint().then(() => Promise.all([checkoutChunk.load(), paymentChunk.load()]));
}

/** Whether both checkout chunks are in, so lazy() hands them over without suspending. */
export function checkoutChunksLoaded(): boolean {
  return checkoutChunk.module !== null && paymentChunk.module !== null;
}
