import { useIntl } from 'react-intl';
import { translate, type TextKey } from '@sala/shared/texts';

/** The admin's own texts come from the shared catalogue, Thai unless the editor chose English. */
export function useText(): (key: TextKey) => string {
  const { locale } = useIntl();
  const language = locale.startsWith('en') ? 'en' : 'th';
  return (key) => translate(key, language);
}

/** The Thai default of a text, for registrations made before any editor is signed in. */
export function thai(key: TextKey): string {
  return translate(key, 'th');
}
