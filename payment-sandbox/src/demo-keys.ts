/**
 * Demo credentials: the sandboxes accept exactly these, and the CMS seed stores
 * them on the payment methods so a fresh install pays against the sandboxes.
 * They are not real keys of any provider account. No imports, so any script
 * (the seed, tests) can read this file alone.
 */

export const DEMO_KEYS = {
  '2c2p': {
    /** 2C2P's own sample kit uses merchant ids of this shape (JT01, JT02). */
    merchantId: 'JT01',
    secretKey: 'SALA0DEMO0SECRET0KEY0FOR0THE0LOCAL0SANDBOX0ONLY0000000000000000',
  },
  omise: {
    publicKey: 'pkey_test_sala_demo_5xq0sandbox',
    secretKey: 'skey_test_sala_demo_5xq0sandbox',
    /** Omise shows webhook secrets base64-encoded; this is base64 of 'sala-demo-omise-webhook-secret'. */
    webhookSecret: 'c2FsYS1kZW1vLW9taXNlLXdlYmhvb2stc2VjcmV0',
  },
  paypal: {
    clientId: 'sala-demo-paypal-client-id',
    clientSecret: 'sala-demo-paypal-client-secret',
  },
  xendit: {
    publicKey: 'xnd_public_development_sala_demo_sandbox',
    secretKey: 'xnd_development_sala_demo_sandbox_secret',
    callbackToken: 'sala-demo-xendit-callback-token',
  },
  paysolutions: {
    merchantId: '12345678',
    apiKey: 'sala-demo-paysolutions-apikey',
    merchantSecretKey: 'sala-demo-paysolutions-merchant-secret',
  },
  scb: {
    applicationKey: 'l7sala0demo0scb0application0key',
    applicationSecret: 'sala-demo-scb-application-secret',
    billerId: '010556012345601',
    ref3Prefix: 'SAL',
    merchantId: '580006520133420',
    terminalId: '730012801041530',
  },
} as const;

/** Ports of `npm start -w @sala/payment-sandbox`, each overridable with PAYMENT_SANDBOX_<NAME>_PORT. */
export const DEFAULT_SANDBOX_PORTS = {
  '2c2p': 4101,
  omise: 4102,
  paypal: 4103,
  xendit: 4104,
  paysolutions: 4105,
  scb: 4106,
} as const;

export type SandboxName = keyof typeof DEFAULT_SANDBOX_PORTS;

/** The demo bank account of bank transfer (method 1); its PromptPay id gives the QR with the amount. */
export const DEMO_BANK_ACCOUNTS = [{ bankName: 'ธนาคารกสิกรไทย', accountId: '123-4-56789-0', accountName: 'บริษัท ศาลา เลิร์นนิ่ง จำกัด', promptPayId: '0812345678' }] as const;

/** The values a payment method record holds per method id, for the demo: what goes into which field. */
export type DemoMethodConfig = {
  sandbox: SandboxName | null;
  applicationId1: string;
  applicationId2: string;
  webhookSecret?: string;
  apiKey?: string;
  settings?: Record<string, string>;
};

const k = DEMO_KEYS;
const twoC2p = { sandbox: '2c2p', applicationId1: k['2c2p'].merchantId, applicationId2: k['2c2p'].secretKey } as const;
const omise = { sandbox: 'omise', applicationId1: k.omise.publicKey, applicationId2: k.omise.secretKey, webhookSecret: k.omise.webhookSecret } as const;
const xendit = { sandbox: 'xendit', applicationId1: k.xendit.publicKey, applicationId2: k.xendit.secretKey, webhookSecret: k.xendit.callbackToken } as const;

export const DEMO_METHOD_CONFIG: Readonly<Record<1 | 2 | 3 | 4 | 8 | 9 | 10 | 11 | 12 | 13 | 15, DemoMethodConfig>> = {
  1: { sandbox: null, applicationId1: '', applicationId2: '' },
  2: { sandbox: 'paypal', applicationId1: k.paypal.clientId, applicationId2: k.paypal.clientSecret },
  3: twoC2p,
  4: {
    sandbox: 'scb',
    applicationId1: k.scb.applicationKey,
    applicationId2: k.scb.applicationSecret,
    settings: { billerId: k.scb.billerId, ref3Prefix: k.scb.ref3Prefix, merchantId: k.scb.merchantId, terminalId: k.scb.terminalId, qrExpiryMinutes: '15' },
  },
  8: omise,
  9: omise,
  10: { ...twoC2p, settings: { interestType: 'C', installmentPeriods: '3,6,10' } },
  11: xendit,
  12: xendit,
  13: {
    sandbox: 'paysolutions',
    applicationId1: k.paysolutions.merchantId,
    applicationId2: k.paysolutions.merchantSecretKey,
    apiKey: k.paysolutions.apiKey,
  },
  15: twoC2p,
};

/** Adapter key → URL of each sandbox, the same paths the real hosts use. */
export const SANDBOX_BASE_PATHS: Readonly<Record<SandboxName, (url: string) => Record<string, string>>> = {
  '2c2p': (url) => ({ secure: `${url}/SecurePayment`, pgw: `${url}/payment/4.3` }),
  omise: (url) => ({ api: url, vault: url }),
  paypal: (url) => ({ api: url }),
  xendit: (url) => ({ api: url }),
  paysolutions: (url) => ({ page: url, api: url }),
  scb: (url) => ({ api: url }),
};

/** The base URLs of a sandbox started with the default ports, by adapter key (what `baseUrls` of a payment method holds). */
export function defaultSandboxBaseUrls(name: SandboxName, host = 'http://127.0.0.1'): Record<string, string> {
  const url = `${host}:${DEFAULT_SANDBOX_PORTS[name]}`;
  return SANDBOX_BASE_PATHS[name](url);
}

/* ------------------------------------------------------------------ identity providers */

/** The sign-in providers the identity stand-in speaks for (OAuth 2.0; OpenID Connect for Google and LINE). */
export const IDENTITY_PROVIDER_NAMES = ['google', 'facebook', 'line'] as const;
export type IdentityProviderName = (typeof IDENTITY_PROVIDER_NAMES)[number];

/** The client (app, channel) credentials the identity stand-in accepts; the quick start gives them to the CMS. */
export const IDENTITY_DEMO_KEYS: Readonly<Record<IdentityProviderName, { clientId: string; clientSecret: string }>> = {
  google: { clientId: 'sala-demo-google.apps.googleusercontent.com', clientSecret: 'GOCSPX-sala-demo-google-client-secret' },
  facebook: { clientId: '900000000000001', clientSecret: 'sala-demo-facebook-app-secret' },
  line: { clientId: '2000000001', clientSecret: 'sala-demo-line-channel-secret' },
};

/** Port of the identity stand-in (`PAYMENT_SANDBOX_IDENTITY_PORT` overrides it); each provider answers under `/<provider>`. */
export const DEFAULT_IDENTITY_PORT = 4107;

/** The base URL the CMS is given for one provider of an identity stand-in at `url`. */
export function identityBaseUrl(url: string, provider: IdentityProviderName): string {
  return `${url.replace(/\/+$/, '')}/${provider}`;
}
