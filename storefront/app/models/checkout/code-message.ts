import { errorMessage } from '@sala/shared/texts';
import type { Locale } from '~/models/i18n';

/** The buyer's message of a spec error code, or `fallback` for a code without one. */
export function codeMessage(code: string, fallback: string, locale: Locale): string {
  try {
    return errorMessage(code as never, locale);
  } catch {
    return fallback;
  }
}
