/**
 * The registration confirmation mail, sent to the student's own address in Thai (English
 * on request), from the text keys with the editors' overrides. The CMS sends it once when an
 * account is created (ADR 172); a signed-in student may ask for it again. Both go through the
 * outbox (ADR 199). It never carries a
 * password: see docs/decisions/050-no-passwords-in-mail.md.
 */
import type { Core } from '@strapi/strapi';
import type { Locale } from '@sala/shared/constants';
import { translate, type TextKey, type TextParams } from '@sala/shared/texts';
import { notFound } from '../../../lib/errors';
import { textOverrides } from '../../../lib/texts';
import { createLimiter, envLimit, rateLimited, type Limiter } from '../../../lib/rate-limits';
import type { SiteSettings } from './public-settings';
import type { MailOutboxService } from '../../mail/services/outbox';

const USER_UID = 'plugin::users-permissions.user';

export type RegistrationMail = { to: string; subject: string; text: string; html: string };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  let limiter: Limiter | undefined;
  const outbox = () => strapi.service('api::mail.outbox') as MailOutboxService;
  const perStudent = () => (limiter ??= createLimiter(strapi, 'registration-mail', { points: envLimit(strapi, 'REGISTRATION_MAIL_MAX_PER_HOUR', 5), durationSeconds: 3600 }));

  type Addressee = { username: string; email: string; firstname: string | null; lastname: string | null };

  /** Builds the mail for a student; the password is not an input, so it cannot end up in it. */
  async function composeRegistrationMail(userId: number, locale: Locale): Promise<RegistrationMail> {
    const user = (await strapi.db.query(USER_UID).findOne({
      select: ['username', 'email', 'firstname', 'lastname'],
      where: { id: userId },
    })) as Addressee | null;
    if (!user) throw notFound();
    return composeFor(user, locale);
  }

  async function composeFor(user: Addressee, locale: Locale): Promise<RegistrationMail> {
    const settings = (await strapi.service('api::account.public-settings').readSettings()) as SiteSettings;
    const texts = await textOverrides(strapi, locale);
    const t = (key: TextKey, params?: TextParams) => translate(key, locale, texts, params);
    const site = settings.title?.trim() || t('site_name');
    const name = [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username;

    const paragraphs = [
      t('mail_registration_greeting', { name }),
      t('mail_registration_body', { site }),
      t('mail_registration_username', { username: user.username }),
      t('mail_registration_password_note'),
      t('mail_signature', { site }),
    ];
    return {
      to: user.email,
      subject: t('mail_registration_subject', { site }),
      text: paragraphs.join('\n\n'),
      html: `<!doctype html><html lang="${locale}"><body>${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('')}</body></html>`,
    };
  }

  return {
    composeRegistrationMail,

    /**
     * The welcome mail of a student about to be created, built before the sign-up's transaction:
     * the texts and settings it reads may wait for a pooled connection, which a transaction
     * holding the sign-up lock must never do while other sign-ups hold the rest of the pool.
     */
    composeWelcomeMail: (user: Addressee, locale: Locale): Promise<RegistrationMail> => composeFor(user, locale),

    /** Queues a composed welcome mail in the sign-up's transaction (ADR 199): the account and its mail commit together. */
    async queueWelcomeMail(mail: RegistrationMail): Promise<void> {
      await outbox().queue('welcome', mail);
    },

    /** Sends the mail to the student's own address; at most REGISTRATION_MAIL_MAX_PER_HOUR an hour. */
    async sendRegistrationMail(userId: number, locale: Locale): Promise<void> {
      const wait = await perStudent().hit(`user:${userId}`);
      if (wait > 0) throw rateLimited(wait);
      await outbox().queue('registration', await composeRegistrationMail(userId, locale));
    },
  };
};
