/**
 * The adapter's PaymentConfig of a payment method, read from its record: the
 * keys (secrets stay on the server), the provider hosts, the URLs the provider
 * sends the buyer and its notifications to, and production mode from the site
 * setting. Turning `is_production_mode` on switches every method to the real
 * provider hosts with no code change (docs/payments.md).
 */
import type { Core } from '@strapi/strapi';
import { getPaymentAdapter, type BankAccount, type PaymentConfig, type ProviderName } from '../../../payments';

export const UID = {
  attempt: 'api::payment-attempt.payment-attempt',
  method: 'api::payment-method.payment-method',
  bankAccount: 'api::bank-account.bank-account',
  order: 'api::order.order',
  report: 'api::payment-report.payment-report',
  setting: 'api::site-setting.site-setting',
  user: 'plugin::users-permissions.user',
} as const;

/** A payment method record with its private fields, as only the server reads it. */
export type MethodRow = {
  id: number;
  method_id: number;
  name: string;
  name_web: string | null;
  enabled: boolean | null;
  application_id_1: string | null;
  application_id_2: string | null;
  webhook_secret: string | null;
  api_key: string | null;
  base_url: string | null;
  settings: unknown;
};

export const METHOD_FIELDS = ['id', 'method_id', 'name', 'name_web', 'enabled', 'application_id_1', 'application_id_2', 'webhook_secret', 'api_key', 'base_url', 'settings'];

export type SiteRow = { title: string | null; is_production_mode: boolean | null; is_thank_you_page: boolean | null };

/**
 * Where each provider's paths live under one origin that serves them all, as
 * the local sandboxes do and as the providers' production hosts lay them out.
 */
const ORIGIN_LAYOUT: Readonly<Record<Exclude<ProviderName, 'bank-transfer'>, Readonly<Record<string, string>>>> = {
  '2c2p': { secure: '/SecurePayment', pgw: '/payment/4.3' },
  omise: { api: '', vault: '' },
  paypal: { api: '' },
  xendit: { api: '' },
  paysolutions: { page: '', api: '' },
  scb: { api: '' },
};

/**
 * `base_url` holds either a JSON object of host overrides by adapter key (used in
 * both modes, e.g. `{"secure":"https://s.2c2p.com/SecurePayment"}`), or one origin
 * serving every path of the provider (a sandbox), used only outside production.
 */
export function baseUrlsOf(provider: ProviderName, baseUrl: string | null, production: boolean): Record<string, string> | undefined {
  const text = baseUrl?.trim();
  if (!text || provider === 'bank-transfer') return undefined;
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
      const entries = Object.entries(parsed as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && /^https?:\/\//.test(entry[1]));
      return entries.length ? Object.fromEntries(entries) : undefined;
    } catch {
      return undefined;
    }
  }
  if (production || !/^https?:\/\//.test(text)) return undefined;
  const origin = text.replace(/\/+$/, '');
  return Object.fromEntries(Object.entries(ORIGIN_LAYOUT[provider]).map(([key, path]) => [key, `${origin}${path}`]));
}

function settingsOf(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
    typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean' ? [[key, String(item)] as const] : [],
  );
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** The CMS's public URL (PUBLIC_URL), else the origin the request came in on. */
export function cmsUrlOf(strapi: Core.Strapi, requestOrigin: string): string {
  const configured = String(strapi.config.get('server.url', '') ?? '').trim();
  return (/^https?:\/\//.test(configured) ? configured : requestOrigin).replace(/\/+$/, '');
}

/** Where providers notify us and send the buyer back; the sandboxes use the same paths by default. */
export function paymentUrls(cmsUrl: string, provider: ProviderName): Pick<PaymentConfig, 'returnUrl' | 'cancelUrl' | 'callbackUrl'> {
  if (provider === 'bank-transfer') return {};
  const base = `${cmsUrl}/api/payments/${provider}`;
  // 2C2P posts its browser result (9.9 and v4.3 alike) to the result endpoint.
  const returnUrl = provider === '2c2p' ? `${base}/result` : `${base}/return?order={orderToken}`;
  return { returnUrl, cancelUrl: returnUrl, callbackUrl: `${base}/notify` };
}

export async function readSite(strapi: Core.Strapi): Promise<SiteRow> {
  const row = (await strapi.db.query(UID.setting).findOne({ select: ['title', 'is_production_mode', 'is_thank_you_page'] })) as SiteRow | null;
  return row ?? { title: null, is_production_mode: false, is_thank_you_page: false };
}

export async function readMethod(strapi: Core.Strapi, where: Record<string, unknown>): Promise<MethodRow | null> {
  return (await strapi.db.query(UID.method).findOne({ where, select: METHOD_FIELDS })) as MethodRow | null;
}

export async function bankAccountsOf(strapi: Core.Strapi, methodRowId: number): Promise<BankAccount[]> {
  const rows = (await strapi.db.query(UID.bankAccount).findMany({
    where: { payment_method: { id: methodRowId }, $or: [{ enabled: true }, { enabled: { $null: true } }] },
    select: ['account_id', 'account_name', 'bank_name', 'promptpay_id'],
    orderBy: [{ sort_order: 'asc' }, { id: 'asc' }],
  })) as { account_id: string | null; account_name: string | null; bank_name: string | null; promptpay_id: string | null }[];
  return rows
    .filter((row) => row.account_id && row.bank_name)
    .map((row) => ({
      bankName: row.bank_name as string,
      accountId: row.account_id as string,
      accountName: row.account_name ?? '',
      ...(row.promptpay_id ? { promptPayId: row.promptpay_id } : {}),
    }));
}

/** The adapter configuration of a payment method record. */
export async function configOf(strapi: Core.Strapi, method: MethodRow, site: SiteRow, cmsUrl: string): Promise<PaymentConfig> {
  const provider = getPaymentAdapter(method.method_id).provider;
  const production = site.is_production_mode === true;
  const config: PaymentConfig = {
    applicationId1: method.application_id_1 ?? '',
    applicationId2: method.application_id_2 ?? '',
    production,
    baseUrls: baseUrlsOf(provider, method.base_url, production),
    ...(method.webhook_secret ? { webhookSecret: method.webhook_secret } : {}),
    ...(method.api_key ? { apiKey: method.api_key } : {}),
    settings: settingsOf(method.settings),
    ...paymentUrls(cmsUrl, provider),
  };
  if (provider === 'bank-transfer') config.bankAccounts = await bankAccountsOf(strapi, method.id);
  return config;
}
