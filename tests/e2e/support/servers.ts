/** Where the browser tests run the CMS and the storefront (see playwright.config.ts). */
export const CMS_PORT = Number(process.env.E2E_CMS_PORT || 1347);
export const STOREFRONT_PORT = Number(process.env.E2E_STOREFRONT_PORT || 3047);
export const CMS_URL = `http://127.0.0.1:${CMS_PORT}`;
export const STOREFRONT_URL = `http://127.0.0.1:${STOREFRONT_PORT}`;

/** The super admin the demo seed creates for editors. */
export const SEEDED_ADMIN = { email: 'admin@sala.local', password: 'Sala-admin-1' };
