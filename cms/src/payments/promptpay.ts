/** PromptPay QR codes we generate ourselves (bank transfer) and QR images for provider payloads. */
import { encode, generate, parse, tag, withCrcTag } from 'promptparse';
import QRCode from 'qrcode';
import { toMajorNumber, type Money } from '@sala/shared/money';
import { PaymentError } from './types';

type ProxyType = 'MSISDN' | 'NATID' | 'EWALLETID';

function proxyTypeOf(digits: string): ProxyType {
  if (digits.length === 10 && digits.startsWith('0')) return 'MSISDN';
  if (digits.length === 13) return 'NATID';
  if (digits.length === 15) return 'EWALLETID';
  throw new PaymentError('MISCONFIGURED', `not a PromptPay id: ${digits.length} digits`);
}

/** A PromptPay id as the shop may type it: a phone number, a 13-digit national/tax id or a 15-digit e-wallet id; spaces and dashes are ignored. */
export function isPromptPayId(value: string): boolean {
  if (!/^[0-9 -]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '');
  return (digits.length === 10 && digits.startsWith('0')) || digits.length === 13 || digits.length === 15;
}

/** The longest bill number EMVCo tag 62 sub-tag 01 takes. */
const BILL_NUMBER_MAX = 25;

/**
 * The EMVCo payload of a PromptPay credit transfer (tag 29) to a mobile number,
 * national/tax id or e-wallet id; with an amount the QR is dynamic and the
 * payer's app fills it in. Punctuation in the id is ignored ('081-234-5678').
 * A `reference` goes in the additional data field (tag 62) as its bill number
 * (sub-tag 01), and the CRC (tag 63) is computed again over the whole payload.
 */
export function promptPayPayload(promptPayId: string, amount?: Money, reference?: string): string {
  const target = promptPayId.replace(/\D/g, '');
  if (amount && amount.currency !== 'THB') throw new PaymentError('UNSUPPORTED_CURRENCY', 'PromptPay carries THB only');
  const plain = generate.anyId({ type: proxyTypeOf(target), target, amount: amount ? toMajorNumber(amount) : undefined });
  if (!reference) return plain;
  if (!/^[A-Za-z0-9-]+$/.test(reference) || reference.length > BILL_NUMBER_MAX) throw new PaymentError('MISCONFIGURED', 'a bill number is 1 to 25 letters, digits or dashes');
  const tags = parse(plain, true)
    ?.getTags()
    .filter((one) => one.id !== '63');
  if (!tags) throw new PaymentError('MISCONFIGURED', 'promptparse produced an invalid payload');
  return withCrcTag(encode([...tags, tag('62', encode([tag('01', reference)]))]), '63');
}

const QR_PNG = { errorCorrectionLevel: 'M', margin: 2, width: 320 } as const;

/** A PNG data: URL of any QR payload. */
export function qrDataUrl(payload: string): Promise<string> {
  return QRCode.toDataURL(payload, QR_PNG);
}

/** The same PNG as bytes, for a mail's inline picture. */
export function qrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { ...QR_PNG, type: 'png' });
}
