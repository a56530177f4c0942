/** Provider hosts, URL templates and attempt references shared by the adapters. */
import { createHash, randomInt } from 'node:crypto';
import { PaymentError, type PaymentConfig, type PaymentOrder } from './types';

/** A provider host pair: the test host first, the production host second. */
export type HostPair = readonly [test: string, production: string];

/** The base URL of `key`: the configured override, else the provider's test or production host. */
export function baseUrlOf(config: PaymentConfig, key: string, hosts: HostPair): string {
  const url = config.baseUrls?.[key] ?? (config.production ? hosts[1] : hosts[0]);
  return url.replace(/\/+$/, '');
}

/** Fills `{orderToken}` and `{orderId}` in a configured URL. */
export function fillUrl(template: string, order: PaymentOrder): string {
  return template.replace(/\{orderToken\}/g, encodeURIComponent(order.token)).replace(/\{orderId\}/g, String(order.id));
}

export function requireUrl(config: PaymentConfig, key: 'returnUrl' | 'callbackUrl', order: PaymentOrder): string {
  const template = config[key];
  if (!template) throw new PaymentError('MISCONFIGURED', `${key} is not configured`);
  return fillUrl(template, order);
}

export function cancelUrlOf(config: PaymentConfig, order: PaymentOrder): string {
  return fillUrl(config.cancelUrl ?? requireUrl(config, 'returnUrl', order), order);
}

export function requireSetting(config: PaymentConfig, name: string): string {
  const value = config.settings?.[name];
  if (!value) throw new PaymentError('MISCONFIGURED', `setting ${name} is not configured`);
  return value;
}

/**
 * A digits-only reference unique per attempt: the order id, then the clock and
 * a random digit. At most 20 characters for order ids up to 11 digits, which
 * fits 2C2P's `uniqueTransactionCode`/`invoiceNo` and SCB's `ref1`.
 */
export function attemptReference(order: PaymentOrder, now = Date.now()): string {
  return `${order.id}${String(now).slice(-8)}${randomInt(10)}`;
}

const BANGKOK = 'Asia/Bangkok';

/** Calendar date and clock time in Bangkok, whatever the server's time zone. */
export function bangkokParts(at: Date): { date: string; hhmmss: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: BANGKOK,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hhmmss: `${parts.hour}${parts.minute}${parts.second}` };
}

/** Access tokens are cached per host and credentials, so changed keys take effect at once. */
export function tokenCacheKey(api: string, config: PaymentConfig): string {
  return createHash('sha256').update(`${api}\n${config.applicationId1}\n${config.applicationId2}`).digest('hex');
}
