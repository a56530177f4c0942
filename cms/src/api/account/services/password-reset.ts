/**
 * Forgotten passwords: a mail with a link to the storefront's /resetpassword page carrying a
 * one-time code, and the reset that sets the new password with it. The answer to a request is
 * the same whether the address has an account or not (no account enumeration); the mail never
 * carries a password (docs/decisions/050-no-passwords-in-mail.md). Only a hash of the code is
 * stored, with its expiry, in the account's resetPasswordToken; a reset or a newer request
 * makes the old link useless. See docs/decisions/111-password-reset.md.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { Locale } from '@sala/shared/constants';
import { translate, type TextKey, type TextParams } from '@sala/shared/texts';
import { badRequest } from '../../../lib/errors';
import { revocationStamp } from '../../../http/token-revocation';
import { storefrontUrl } from '../../../lib/paths';
import { createLimiter, envLimit, rateLimited, type Limiter } from '../../../lib/rate-limits';
import type { SiteSettings } from './public-settings';
import { textOverrides } from '../../../lib/texts';
import type { MailOutboxService } from '../../mail/services/outbox';

const USER_UID = 'plugin::users-permissions.user';

/** How long a reset link works. */
export function resetLinkMinutes(): number {
  const value = Number(process.env.PASSWORD_RESET_MINUTES ?? '');
  return Number.isSafeInteger(value) && value > 0 ? value : 60;
}

type UserRow = { id: number; username: string; email: string; firstname: string | null; lastname: string | null; blocked: boolean | null; resetPasswordToken: string | null };

function hashOf(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** `hash.expiresAtMs` as stored; null for anything else. */
function readStored(value: string | null): { hash: string; expiresAt: number } | null {
  const match = /^([0-9a-f]{64})\.(\d+)$/.exec(value ?? '');
  return match ? { hash: match[1], expiresAt: Number(match[2]) } : null;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  let limiters: { email: Limiter; ip: Limiter } | undefined;
  const limits = () =>
    (limiters ??= {
      email: createLimiter(strapi, 'reset-email', { points: envLimit(strapi, 'PASSWORD_RESET_MAX_PER_EMAIL_PER_HOUR', 3), durationSeconds: 3600 }),
      ip: createLimiter(strapi, 'reset-ip', { points: envLimit(strapi, 'PASSWORD_RESET_MAX_PER_IP_PER_HOUR', 20), durationSeconds: 3600 }),
    });

  async function findByEmail(email: string): Promise<UserRow | null> {
    const rows = (await strapi.db.query(USER_UID).findMany({
      select: ['id', 'username', 'email', 'firstname', 'lastname', 'blocked', 'resetPasswordToken'],
      where: { email: { $eqi: email } },
      limit: 2,
    })) as UserRow[];
    return rows.length === 1 ? rows[0] : null;
  }

  async function composeMail(user: UserRow, code: string, locale: Locale) {
    const settings = (await strapi.service('api::account.public-settings').readSettings()) as SiteSettings;
    const texts = await textOverrides(strapi, locale);
    const t = (key: TextKey, params?: TextParams) => translate(key, locale, texts, params);
    const site = settings.title?.trim() || t('site_name');
    const name = [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username;
    const link = `${storefrontUrl()}/resetpassword?code=${encodeURIComponent(code)}${locale === 'en' ? '&lang=en' : ''}`;
    const minutes = resetLinkMinutes();
    const paragraphs = [t('mail_reset_greeting', { name }), t('mail_reset_body', { username: user.username, minutes }), link, t('mail_reset_ignore'), t('mail_signature', { site })];
    const html = `<!doctype html><html lang="${locale}"><body>${paragraphs
      .map((p) => (p === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`))
      .join('')}</body></html>`;
    return { to: user.email, subject: t('mail_reset_subject', { site }), text: paragraphs.join('\n\n'), html };
  }

  return {
    /**
     * Mails a reset link when the address names exactly one active account. Nothing in the
     * outcome tells whether it did: over the per-address limit the mail is silently skipped.
     * Over the per-client limit the caller gets 429.
     */
    async requestReset({ email, ip, locale, now = Date.now() }: { email: string; ip: string; locale: Locale; now?: number }): Promise<void> {
      const waitIp = await limits().ip.hit(`ip:${ip}`);
      if (waitIp > 0) throw rateLimited(waitIp);
      const key = `email:${email.toLowerCase()}`;
      if ((await limits().email.hit(key)) > 0) return;
      const user = await findByEmail(email);
      if (!user || user.blocked) return;
      const code = randomBytes(32).toString('base64url');
      const expiresAt = now + resetLinkMinutes() * 60_000;
      const mail = await composeMail(user, code, locale);
      // The code and its mail commit together (ADR 199): a link is never valid without its mail queued.
      await strapi.db.transaction(async () => {
        await strapi.db.query(USER_UID).update({ where: { id: user.id }, data: { resetPasswordToken: `${hashOf(code)}.${expiresAt}` } });
        await (strapi.service('api::mail.outbox') as MailOutboxService).queue('password-reset', mail);
      });
    },

    /** Sets a new password with a link's code; the code works once and until it expires. Every earlier token of the account stops working. */
    async resetPassword({ code, password, message, now = Date.now() }: { code: string; password: string; message: string; now?: number }): Promise<void> {
      const hash = hashOf(code);
      const candidates = (await strapi.db.query(USER_UID).findMany({
        select: ['id', 'resetPasswordToken', 'blocked'],
        where: { resetPasswordToken: { $startsWith: `${hash}.` } },
        limit: 2,
      })) as Pick<UserRow, 'id' | 'resetPasswordToken' | 'blocked'>[];
      const user = candidates.length === 1 ? candidates[0] : null;
      const stored = readStored(user?.resetPasswordToken ?? null);
      const valid = user && !user.blocked && stored && stored.expiresAt > now && timingSafeEqual(Buffer.from(stored.hash), Buffer.from(hash));
      if (!valid || !user) throw badRequest('INPUT_ERROR', undefined, { errors: { code: message } });
      const hashed = await strapi.plugin('users-permissions').service('user').ensureHashedPasswords({ password });
      await strapi.db.query(USER_UID).update({ where: { id: user.id }, data: { password: hashed.password, resetPasswordToken: null, ...revocationStamp() } });
    },
  };
};
