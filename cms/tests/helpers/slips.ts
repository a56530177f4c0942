/**
 * Slip pictures for the API tests: a phone-sized PNG with the mini-QR of a real slip payload
 * (promptparse's generator) in its corner, uploaded as a student's screenshot would be.
 */
import QRCode from 'qrcode';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Buyer } from './api';
import type { TestStrapi } from './strapi';

/** A phone-sized slip picture with the mini-QR of this payload in its corner (or no QR at all). */
export async function slipPicture(payload: string | null): Promise<Buffer> {
  const canvas = sharp({ create: { width: 1080, height: 1900, channels: 3, background: '#eef3f8' } });
  if (!payload) return canvas.png().toBuffer();
  const qr = await QRCode.toBuffer(payload, { width: 200, margin: 2 });
  return canvas
    .composite([{ input: qr, left: 800, top: 1560 }])
    .png()
    .toBuffer();
}

/** Uploads a picture as the student; the stored name the report names. */
export async function uploadSlip(cms: TestStrapi, who: Buyer, picture: Buffer): Promise<string> {
  const form = new FormData();
  form.append('imageinput0', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'slip.png');
  const res = await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${who.jwt}` } });
  const body = (await res.json()) as { fileName: string[] };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.fileName[0];
}
