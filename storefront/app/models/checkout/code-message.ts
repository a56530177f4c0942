import { ERROR_TEXT_KEYS, type TextKey, type Translate } from '@sala/shared/texts';

/**
 * The buyer's message of a spec error code, read through the page's translator (so an editor's
 * text shows), or `fallback` for a code without one.
 */
export function codeMessage(code: string, fallback: string, t: Translate): string {
  const key: TextKey | undefined = Object.hasOwn(ERROR_TEXT_KEYS, code) ? ERROR_TEXT_KEYS[code as keyof typeof ERROR_TEXT_KEYS] : undefined;
  return key ? t(key) : fallback;
}
