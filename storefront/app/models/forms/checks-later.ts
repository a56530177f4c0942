/**
 * The browser's checks of the sign-in form and the delivery address come with the first touch of
 * a form, not with the page (ADR 216): they need the shared schemas and zod (about 45 KB gzipped),
 * which a signed-in buyer's cart never uses. A field's focus or a press of the submit button loads
 * them; a form posted before they are in is checked by the server, which answers in the same words.
 */
import { useSyncExternalStore } from 'react';

export type FormChecks = typeof import('./form-checks');

let loaded: FormChecks | null = null;
let loading: Promise<FormChecks> | null = null;
const listeners = new Set<() => void>();

/** Loads the checks once; every form using them re-renders with them. */
export function loadFormChecks(): Promise<FormChecks> {
  loading ??= import('./form-checks').then((checks) => {
    loaded = checks;
    for (const listener of listeners) listener();
    return checks;
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The checks once loaded, else null (always null while the server renders and the page hydrates). */
export function useFormChecks(): FormChecks | null {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
}

/** Starts loading the checks: for a field's focus or the submit button's press. */
export const touchForm = (): void => void loadFormChecks();
