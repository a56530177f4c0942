/**
 * Slip verification through SCB's Open API (docs/decisions/195): an OAuth token, then
 * `GET /v1/payment/billpayment/transactions/{transRef}?sendingBank={code}`. The bank's
 * answer is the only word on the money: amount, receiver and date come from it, never
 * from the slip picture. Like the payment adapters it knows the protocol and nothing
 * of Strapi; the same code runs against the local stand-in and the real bank.
 */
import type { Money } from '@sala/shared/money';
import { moneyFromMajor } from './callback';
import { describeRefusal } from './http';
import { callScb, succeeded, type ScbAnswer } from './scb';
import type { SlipReference } from './slip-qr';
import { PaymentError, type PaymentConfig } from './types';

/** Where and with which keys to ask. `baseUrl` is the stand-in outside production; SCB's hosts otherwise. */
export type SlipVerifyConfig = { applicationKey: string; applicationSecret: string; production: boolean; baseUrl?: string };

export type VerifiedSlip = {
  transRef: string;
  sendingBank: string;
  amount: Money;
  /** The receiver as the bank shows it: its account (often masked, "xxx-x-x6789-x") and PromptPay id. */
  receiver: { account: string; proxy: string; name: string };
  /** The transfer's moment (SCB gives Bangkok date and time). */
  paidAt: Date;
};

/** Why a look-up gave no usable answer: the bank does not know the reference, or could not be asked. */
export type SlipLookupFailure = 'not_found' | 'lookup_failed';

export type SlipLookup = { ok: true; slip: VerifiedSlip } | { ok: false; reason: SlipLookupFailure; detail: string };

type Party = { displayName?: unknown; name?: unknown; proxy?: unknown; account?: unknown };
type Transaction = { transRef?: unknown; sendingBank?: unknown; transDate?: unknown; transTime?: unknown; receiver?: Party; amount?: unknown; paidLocalAmount?: unknown };

/** SCB writes proxy and account as `{type, value}`; some answers carry the bare value. */
const valueOf = (field: unknown): string => {
  if (typeof field === 'string') return field;
  const value = (field as { value?: unknown } | null)?.value;
  return typeof value === 'string' ? value : '';
};

function paidAtOf(date: unknown, time: unknown): Date | null {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const clock = typeof time === 'string' && /^\d{2}:\d{2}(:\d{2})?$/.test(time) ? time : '';
  if (!clock) return null;
  const at = new Date(`${date}T${clock.length === 5 ? `${clock}:00` : clock}+07:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

function asPaymentConfig(config: SlipVerifyConfig): PaymentConfig {
  return {
    applicationId1: config.applicationKey,
    applicationId2: config.applicationSecret,
    production: config.production,
    ...(config.baseUrl ? { baseUrls: { api: config.baseUrl } } : {}),
  };
}

/** Asks SCB about one slip. Never throws: an unreachable bank or a refused key is a `lookup_failed`. */
export async function lookUpSlip(ref: SlipReference, config: SlipVerifyConfig): Promise<SlipLookup> {
  const path = `/v1/payment/billpayment/transactions/${encodeURIComponent(ref.transRef)}?${new URLSearchParams({ sendingBank: ref.sendingBank })}`;
  let response;
  try {
    response = await callScb(asPaymentConfig(config), path);
  } catch (error) {
    if (error instanceof PaymentError) return { ok: false, reason: 'lookup_failed', detail: error.message.slice(0, 255) };
    throw error;
  }
  if (response.status === 404) return { ok: false, reason: 'not_found', detail: describeRefusal('SCB slip', response).slice(0, 255) };
  if (!succeeded(response)) return { ok: false, reason: 'lookup_failed', detail: describeRefusal('SCB slip', response).slice(0, 255) };
  const data = (response.json as ScbAnswer<Transaction>).data ?? {};
  const amount = moneyFromMajor(data.amount ?? data.paidLocalAmount, 'THB');
  const paidAt = paidAtOf(data.transDate, data.transTime);
  // The answer must be about the slip that was asked for.
  if (data.transRef !== ref.transRef || (data.sendingBank !== undefined && data.sendingBank !== ref.sendingBank)) {
    return { ok: false, reason: 'lookup_failed', detail: 'SCB answered about another transaction' };
  }
  if (!amount || !paidAt) return { ok: false, reason: 'lookup_failed', detail: 'SCB answer has no amount or date' };
  const receiver = data.receiver ?? {};
  return {
    ok: true,
    slip: {
      transRef: ref.transRef,
      sendingBank: ref.sendingBank,
      amount,
      receiver: { account: valueOf(receiver.account), proxy: valueOf(receiver.proxy), name: String(receiver.displayName ?? receiver.name ?? '') },
      paidAt,
    },
  };
}

export type SlipVerifyEnv = Readonly<Record<string, string | undefined>>;

/**
 * The verifier's keys: SLIP_VERIFY_SCB_APPLICATION_KEY and _SECRET, SLIP_VERIFY_SCB_BASE_URL
 * for another host. Outside production a missing key means the stand-in's demo keys at
 * `standIn`; in production it means no verification (null), so the report waits for a person.
 */
export function slipVerifyConfig(env: SlipVerifyEnv, standIn: () => { applicationKey: string; applicationSecret: string; baseUrl: string }): SlipVerifyConfig | null {
  const production = env.NODE_ENV === 'production';
  const key = env.SLIP_VERIFY_SCB_APPLICATION_KEY?.trim();
  const secret = env.SLIP_VERIFY_SCB_APPLICATION_SECRET?.trim();
  const baseUrl = env.SLIP_VERIFY_SCB_BASE_URL?.trim() || undefined;
  if (key && secret) return { applicationKey: key, applicationSecret: secret, production, baseUrl };
  if (production) return null;
  const demo = standIn();
  return { applicationKey: demo.applicationKey, applicationSecret: demo.applicationSecret, production: false, baseUrl: baseUrl ?? demo.baseUrl };
}
