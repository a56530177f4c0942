/**
 * The mini-QR of a Thai bank-transfer slip: sharp turns the image into raw RGBA pixels,
 * jsQR finds and decodes the QR, promptparse's slip parser reads the sending bank and the
 * transaction reference (docs/decisions/188). What it returns is the payer's claim, not a
 * proof of payment (docs/security.md).
 */
import jsQR from 'jsqr';
import sharp, { type OutputInfo } from 'sharp';
import { validate } from 'promptparse';

export type SlipReference = { sendingBank: string; transRef: string };

/** Larger pictures are scaled down first: a phone screenshot of a slip is about 1080 × 2400. */
const MAX_SIDE = 2400;
/** sharp refuses pictures over this many pixels before decoding them (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;

/** A bank code is three digits; a transaction reference letters and digits (banks use 12 to 25). */
function plausible(ref: SlipReference): boolean {
  return /^\d{3}$/.test(ref.sendingBank) && /^[A-Za-z0-9]{6,40}$/.test(ref.transRef);
}

/** The slip reference a picture's mini-QR carries, or null (no QR, another kind of QR, or not a picture). */
export async function readSlipQr(filepath: string): Promise<SlipReference | null> {
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(filepath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
  const { data, info } = pixels;
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height, { inversionAttempts: 'attemptBoth' });
  if (!code) return null;
  return slipReferenceOf(code.data);
}

/** The slip reference of a mini-QR payload (promptparse pads the short CRC some bank apps write). */
export function slipReferenceOf(payload: string): SlipReference | null {
  const parsed = validate.slipVerify(payload.trim());
  if (!parsed) return null;
  const ref = { sendingBank: parsed.sendingBank, transRef: parsed.transRef };
  return plausible(ref) ? ref : null;
}
