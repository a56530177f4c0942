/** PromptPay QR codes we generate ourselves (bank transfer) and QR images for provider payloads. */
import { generate } from 'promptparse';
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

/**
 * The EMVCo payload of a PromptPay credit transfer (tag 29) to a mobile number,
 * national/tax id or e-wallet id; with an amount the QR is dynamic and the
 * payer's app fills it in. Punctuation in the id is ignored ('081-234-5678').
 */
export function promptPayPayload(promptPayId: string, amount?: Money): string {
  const target = promptPayId.replace(/\D/g, '');
  if (amount && amount.currency !== 'THB') throw new PaymentError('UNSUPPORTED_CURRENCY', 'PromptPay carries THB only');
  return generate.anyId({ type: proxyTypeOf(target), target, amount: amount ? toMajorNumber(amount) : undefined });
}

/** A PNG data: URL of any QR payload. */
export function qrDataUrl(payload: string): Promise<string> {
  return QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
}
