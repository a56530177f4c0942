import type { Core } from '@strapi/strapi';
import { LOCALES } from '@sala/shared/constants';

const LOCALE_NAMES: Record<(typeof LOCALES)[number], string> = { th: 'Thai (th)', en: 'English (en)' };

type LocalesService = {
  findByCode: (code: string) => Promise<unknown>;
  create: (locale: { code: string; name: string }) => Promise<unknown>;
  setDefaultLocale: (locale: { code: string }) => Promise<unknown>;
};

/**
 * Texts are localized with Strapi's i18n, so the storefront's locales must exist there.
 * Thai becomes the default locale when it is first added; an editor may change it later.
 * Call it from a bootstrap that runs after the admin's (the application bootstrap, not a
 * module's): creating a locale re-syncs the super admin's permissions, which needs the
 * admin's actions registered.
 */
export async function ensureTextLocales(strapi: Core.Strapi): Promise<void> {
  const locales = strapi.plugin('i18n').service('locales') as LocalesService;
  for (const code of LOCALES) {
    if (await locales.findByCode(code)) continue;
    await locales.create({ code, name: LOCALE_NAMES[code] });
    if (code === LOCALES[0]) await locales.setDefaultLocale({ code });
  }
}
