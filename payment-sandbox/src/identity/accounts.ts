/**
 * The people who can sign in at the identity stand-in: a few demo accounts per provider, and any
 * account typed into the consent page's form (tests name their own). What each provider tells
 * about the e-mail follows its documentation: Google says whether it is verified
 * (`email_verified`); Facebook returns only a confirmed primary address, else none; LINE puts the
 * address into the ID token only when the account has one and the user agrees to share it.
 */
import { createHash } from 'node:crypto';
import type { IdentityProviderName } from '../demo-keys';

export type IdentityAccount = {
  /** The provider's user id: `sub` (Google, LINE) or `id` (Facebook). */
  subject: string;
  name: string;
  email: string | null;
  emailVerified: boolean;
  picture?: string;
};

export const DEMO_IDENTITY_ACCOUNTS: Readonly<Record<IdentityProviderName, readonly IdentityAccount[]>> = {
  google: [
    { subject: '104392000000000000001', name: 'สมศรี ใจดี', email: 'somsri.google@example.com', emailVerified: true },
    { subject: '104392000000000000002', name: 'ผู้ใช้ที่ยังไม่ยืนยันอีเมล', email: 'unverified.google@example.com', emailVerified: false },
  ],
  facebook: [
    { subject: '10223000000000001', name: 'สมชาย รักเรียน', email: 'somchai.facebook@example.com', emailVerified: true },
    { subject: '10223000000000002', name: 'ผู้ใช้ไม่มีอีเมล', email: null, emailVerified: false },
  ],
  line: [
    { subject: 'U1a2b3c4d5e6f708192a3b4c5d6e7f801', name: 'มาลี ศรีสุข', email: 'malee.line@example.com', emailVerified: true },
    { subject: 'U1a2b3c4d5e6f708192a3b4c5d6e7f802', name: 'ผู้ใช้ LINE ไม่แชร์อีเมล', email: null, emailVerified: false },
  ],
};

/**
 * An account from the consent form's fields: `account` names a demo account by subject, or
 * `email` (with `name` and `email_verified`) describes one; its subject is derived from the
 * address, so the same address is the same provider account every time.
 */
export function accountFromForm(provider: IdentityProviderName, form: Record<string, string>): IdentityAccount | null {
  if (form.account) return DEMO_IDENTITY_ACCOUNTS[provider].find((account) => account.subject === form.account) ?? null;
  const email = (form.email ?? '').trim().toLowerCase();
  const subject = (form.subject ?? '').trim() || (email ? `${provider === 'line' ? 'U' : ''}${createHash('sha256').update(`${provider}:${email}`).digest('hex').slice(0, 24)}` : '');
  if (!subject) return null;
  // Facebook and LINE never hand out an address they would call unverified: they leave it out.
  const verified = form.email_verified === 'true' || form.email_verified === 'on';
  const shared = email && (provider === 'google' || verified) ? email : null;
  return { subject, name: (form.name ?? '').trim() || email || subject, email: shared, emailVerified: Boolean(shared) && verified };
}
