/** Where the browser tests run the CMS and the storefront (see playwright.config.ts). */
export const CMS_PORT = Number(process.env.E2E_CMS_PORT || 1347);
export const STOREFRONT_PORT = Number(process.env.E2E_STOREFRONT_PORT || 3047);
export const CMS_URL = `http://127.0.0.1:${CMS_PORT}`;
export const STOREFRONT_URL = `http://127.0.0.1:${STOREFRONT_PORT}`;

/** The super admin the demo seed creates for editors. */
export const SEEDED_ADMIN = { email: 'admin@sala.local', password: 'Sala-admin-1' };

/** The payment sandboxes of the browser tests: six ports from E2E_SANDBOX_PORT (default 4701). */
const SANDBOX_BASE = Number(process.env.E2E_SANDBOX_PORT || 4701);
export const SANDBOX_PORTS = {
  '2c2p': SANDBOX_BASE,
  omise: SANDBOX_BASE + 1,
  paypal: SANDBOX_BASE + 2,
  xendit: SANDBOX_BASE + 3,
  paysolutions: SANDBOX_BASE + 4,
  scb: SANDBOX_BASE + 5,
} as const;
export type SandboxName = keyof typeof SANDBOX_PORTS;
export const sandboxUrl = (name: SandboxName) => `http://127.0.0.1:${SANDBOX_PORTS[name]}`;
/** The sign-in stand-in (Google, Facebook, LINE) beside the sandboxes: E2E_IDENTITY_PORT, else the last port of the sandboxes' ten. */
export const IDENTITY_PORT = Number(process.env.E2E_IDENTITY_PORT || SANDBOX_BASE + 9);
export const IDENTITY_URL = `http://127.0.0.1:${IDENTITY_PORT}`;
/** PAYMENT_SANDBOX_<NAME>_PORT for each sandbox and the sign-in stand-in: read by the sandboxes and by the CMS seed. */
export const SANDBOX_PORT_ENV = {
  ...Object.fromEntries(Object.entries(SANDBOX_PORTS).map(([name, port]) => [`PAYMENT_SANDBOX_${name.toUpperCase()}_PORT`, String(port)])),
  PAYMENT_SANDBOX_IDENTITY_PORT: String(IDENTITY_PORT),
};

/** The local book retailer of the browser tests: the port after the sandboxes' (E2E_BOOKSTORE_PORT overrides). */
export const BOOKSTORE_PORT = Number(process.env.E2E_BOOKSTORE_PORT || SANDBOX_BASE + 6);
export const BOOKSTORE_URL = `http://127.0.0.1:${BOOKSTORE_PORT}`;
