import { translate, type TextKey } from '@sala/shared/texts';

/** The fields' own texts: the shared catalogue's Thai defaults, Thai being the admin's language. */
export function thai(key: TextKey): string {
  return translate(key, 'th');
}

/** Hook form of {@link thai}, so a later per-editor language needs no change in the inputs. */
export function useText(): (key: TextKey) => string {
  return thai;
}
