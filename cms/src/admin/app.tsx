import type { StrapiApp } from '@strapi/strapi/admin';
import { ADMIN_TH } from './translations/th';
import { registerOrderActions } from './order-actions';
import { registerShopWidgets } from './widgets';
import { formatMoneyColumns, registerMoneyFields } from './money-field';

/** The admin's language before anyone signs in: Thai unless this browser chose another (ADR 163). */
const LANGUAGE_KEY = 'strapi-admin-language';
/** Strapi's guided tours teach building content types, in English: not for the shop's editors. */
const GUIDED_TOUR_KEY = 'STRAPI_GUIDED_TOUR';

/**
 * The Strapi admin's customisation: its languages, custom fields, entry actions and home
 * widgets. Each feature keeps its code in a folder of its own beside this file and adds a line here.
 */
export default {
  config: {
    // English stays available; Thai is the default (below) and the seeded accounts' language.
    locales: ['th'],
    translations: { th: ADMIN_TH },
    tutorials: false,
    // no call to GitHub for Strapi's release news: editors cannot upgrade the CMS from the admin
    notifications: { releases: false },
  },
  register(app: StrapiApp) {
    registerShopWidgets(app as never);
    // prices as baht, rates as %, the layout by name (ADR 164, 165)
    registerMoneyFields(app);
  },
  bootstrap(app: StrapiApp) {
    // Runs before the admin's store reads the stored language: a first visit opens in Thai.
    if (!window.localStorage.getItem(LANGUAGE_KEY)) window.localStorage.setItem(LANGUAGE_KEY, 'th');
    if (!window.localStorage.getItem(GUIDED_TOUR_KEY)) window.localStorage.setItem(GUIDED_TOUR_KEY, JSON.stringify({ enabled: false }));
    // orders and payments: read-only, with the shop's approve, refuse and cancel buttons (ADR 168)
    registerOrderActions(app);
    formatMoneyColumns(app);
  },
};
