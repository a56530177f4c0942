/**
 * The id of the request being served, at hand anywhere below the request-context middleware
 * (services, the logger's format) through AsyncLocalStorage.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const store = new AsyncLocalStorage<string>();

export function withRequestId<T>(requestId: string, work: () => T): T {
  return store.run(requestId, work);
}

/** The id of the request being served, or undefined outside a request (jobs, start-up). */
export function currentRequestId(): string | undefined {
  return store.getStore();
}
