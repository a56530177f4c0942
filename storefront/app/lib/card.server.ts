/**
 * The CMS calls of the card screens: where the providers' browser scripts load from
 * (Omise.js, 2C2P's my2c2p), the 2C2P 9.9 card hand-off, and the buyer's tax details
 * for withholding. Public keys and script URLs are public; the signing key of the
 * hand-off stays in the CMS, which answers only the signed form to post.
 */
import { z } from 'zod';
import { callJson, postJson, type CallOptions } from './cms.server';

const OmiseSetupSchema = z.looseObject({ success: z.literal(true), publicKey: z.string().min(1), scriptUrl: z.url() });
const TwoC2pSetupSchema = z.looseObject({ success: z.literal(true), application_id_1: z.string(), name_web: z.string().nullable(), scriptUrl: z.url() });
const HandOffSchema = z.looseObject({
  success: z.literal(true),
  result: z.looseObject({ action: z.url(), fields: z.looseObject({ paymentRequest: z.string().min(1) }) }),
});
const TaxInfoSchema = z.looseObject({
  success: z.literal(true),
  data: z.looseObject({ tax_person_type: z.string().nullable().optional(), tax_name_one: z.string().nullable().optional() }).nullable().optional(),
});

/** What a card form needs in the browser: the provider's script and, for Omise, the public key. */
export type CardSetup = { methodId: 8; publicKey: string; scriptUrl: string } | { methodId: 3; scriptUrl: string; nameWeb: string | null };

export async function getCardSetup(methodId: 3 | 8, options: CallOptions = {}): Promise<CardSetup> {
  if (methodId === 8) {
    const answer = await callJson('/api/omise/creditcard/applicationid', OmiseSetupSchema, options);
    return { methodId, publicKey: answer.publicKey, scriptUrl: answer.scriptUrl };
  }
  const answer = await callJson('/api/payments/methods/3', TwoC2pSetupSchema, options);
  return { methodId, scriptUrl: answer.scriptUrl, nameWeb: answer.name_web };
}

/** The card as my2c2p encrypted it in the browser; the card number itself never passes here. */
export type EncryptedCard = { encryptedCardInfo: string; maskedCardInfo?: string; expMonthCardInfo?: string; expYearCardInfo?: string };

/**
 * Starts the 2C2P 9.9 payment of the order: the CMS signs the payment request and
 * answers the form the browser posts to 2C2P. `orderCode` is the order id as the path
 * wrote it (leading zeros kept).
 */
export async function startCardHandOff(orderCode: string, card: EncryptedCard, options: CallOptions & { jwt: string }): Promise<{ action: string; fields: Record<string, string> }> {
  const answer = await postJson('/api/payment/2c2p/creditcard', HandOffSchema, { orderId: orderCode, ...card }, options);
  return { action: answer.result.action, fields: { paymentRequest: answer.result.fields.paymentRequest } };
}

/** Saves the student's tax details (PUT /private/myaccount/students/tax); answers the person type now on file. */
export async function saveTaxInfo(payload: Record<string, unknown>, options: CallOptions & { jwt: string }): Promise<{ personType: string | null }> {
  const answer = await callJson('/private/myaccount/students/tax', TaxInfoSchema, options, {
    method: 'PUT',
    body: JSON.stringify(payload),
    contentType: 'application/json',
  });
  return { personType: answer.data?.tax_person_type ?? null };
}
