/**
 * Who a provider's sign-in is on our side (ADR 175):
 * - a provider account already tied to a student signs that student in (unless blocked);
 * - otherwise the provider must give an e-mail address and say it is verified;
 * - an address that already belongs to an account is refused (SOCIAL_ACCOUNT_EXISTS): nothing
 *   is merged by e-mail; the student may tie the two by giving that account's password (`tie`,
 *   ADR 194);
 * - else a new student is made with the provider account tied to them, once: the check and the
 *   inserts run in one transaction under the sign-up lock, and (provider, subject) is unique.
 * New accounts count against the site's user limits like a registration.
 */
import type { Core } from '@strapi/strapi';
import { randomBytes } from 'node:crypto';
import { startOfBangkokDay } from '../../../lib/bangkok-day';
import { conflict, unauthorized } from '../../../lib/errors';
import type { ProviderProfile } from '../lib/oauth-client';
import type { SocialProvider } from '../lib/providers';

const USER_UID = 'plugin::users-permissions.user';
const ROLE_UID = 'plugin::users-permissions.role';
const IDENTITY_UID = 'api::social-sign-in.social-identity';
const STUDENT_ROLE_TYPE = 'authenticated';
/** The PostgreSQL advisory lock sign-ups take in turn ("sala" + "signup"), the registration's. */
const SIGNUP_LOCK_KEY = 5_481_001;

export type SocialUser = { id: number; username: string; email: string; firstname: string | null; lastname: string | null; role: { type: string } | null };
export type SocialSignIn = { jwt: string; user: SocialUser; created: boolean };

type UserRow = SocialUser & { blocked: boolean | null };
type Limits = { max_users?: number | null; max_users_per_day?: number | null };

const USER_FIELDS = ['id', 'username', 'email', 'firstname', 'lastname', 'blocked'];

/** A username from the address's local part: letters, digits and @ - _ . as registration allows. */
export function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 40);
  return cleaned.length >= 3 ? cleaned : `student${cleaned}`;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  async function userById(id: number): Promise<UserRow | null> {
    return (await strapi.db.query(USER_UID).findOne({ select: USER_FIELDS, where: { id }, populate: { role: { select: ['type'] } } })) as UserRow | null;
  }

  async function tiedUserId(provider: SocialProvider, subject: string): Promise<number | null> {
    const row = (await strapi.db.query(IDENTITY_UID).findOne({ where: { provider, subject }, populate: { user: { select: ['id'] } } })) as { user: { id: number } | null } | null;
    return row?.user?.id ?? null;
  }

  async function freeUsername(email: string): Promise<string> {
    const base = usernameBase(email);
    for (const candidate of [base, ...Array.from({ length: 5 }, () => `${base}${randomBytes(2).readUInt16BE(0) % 10000}`)]) {
      if (!(await strapi.db.query(USER_UID).findOne({ select: ['id'], where: { username: { $eqi: candidate } } }))) return candidate;
    }
    return `${base}-${randomBytes(6).toString('hex')}`;
  }

  async function createStudent(provider: SocialProvider, profile: ProviderProfile & { email: string }): Promise<{ id: number; created: boolean }> {
    const settings = (await strapi.service('api::account.public-settings').readSettings()) as Limits;
    const username = await freeUsername(profile.email);
    return strapi.db.transaction(async ({ trx }) => {
      if (strapi.db.dialect.client === 'postgres') await trx.raw('select pg_advisory_xact_lock(?)', [SIGNUP_LOCK_KEY]);
      // the same provider account arriving twice at once: the second one finds the first's student
      const tied = await tiedUserId(provider, profile.subject);
      if (tied) return { id: tied, created: false };
      const users = strapi.db.query(USER_UID);
      if (await users.findOne({ select: ['id'], where: { email: { $eqi: profile.email } } })) throw conflict('SOCIAL_ACCOUNT_EXISTS');
      if (settings.max_users && (await users.count()) >= settings.max_users) throw conflict('OVER_LIMIT_USER');
      if (settings.max_users_per_day && (await users.count({ where: { createdAt: { $gte: startOfBangkokDay(new Date()) } } })) >= settings.max_users_per_day) {
        throw conflict('ERROR_CREATE_USER_IN_DAY');
      }
      const role = (await strapi.db.query(ROLE_UID).findOne({ select: ['id'], where: { type: STUDENT_ROLE_TYPE } })) as { id: number } | null;
      if (!role) throw new Error(`users-permissions role "${STUDENT_ROLE_TYPE}" is missing`);
      const created = (await users.create({
        // no password: the account signs in through its provider until the student sets one (forgot password)
        data: { username, email: profile.email, provider, confirmed: true, blocked: false, role: role.id, firstname: profile.name?.slice(0, 255) || null },
      })) as { id: number };
      await strapi.db.query(IDENTITY_UID).create({ data: { provider, subject: profile.subject, email: profile.email, user: created.id } });
      return { id: created.id, created: true };
    });
  }

  return {
    /**
     * Ties a provider account to a student who proved the account is theirs (ADR 194), once:
     * a provider account tied to someone else, or a second account of the same provider for
     * this student, is refused; the same tie again changes nothing.
     */
    async tie(provider: SocialProvider, subject: string, email: string, userId: number): Promise<void> {
      await strapi.db.transaction(async ({ trx }) => {
        if (strapi.db.dialect.client === 'postgres') await trx.raw('select pg_advisory_xact_lock(?)', [SIGNUP_LOCK_KEY]);
        const tied = await tiedUserId(provider, subject);
        if (tied === userId) return;
        if (tied) throw conflict('SOCIAL_IDENTITY_TAKEN');
        if (await strapi.db.query(IDENTITY_UID).findOne({ select: ['id'], where: { provider, user: { id: userId } } })) throw conflict('SOCIAL_IDENTITY_TAKEN');
        await strapi.db.query(IDENTITY_UID).create({ data: { provider, subject, email, user: userId } });
      });
    },

    async signIn(provider: SocialProvider, profile: ProviderProfile): Promise<SocialSignIn> {
      let userId = await tiedUserId(provider, profile.subject);
      let created = false;
      if (!userId) {
        if (!profile.email) throw conflict('SOCIAL_EMAIL_MISSING');
        if (!profile.emailVerified) throw conflict('SOCIAL_EMAIL_UNVERIFIED');
        ({ id: userId, created } = await createStudent(provider, { ...profile, email: profile.email }));
      }
      const user = await userById(userId);
      if (!user || user.blocked) throw unauthorized('PERMISSION_DENIED');
      const jwt = (await strapi.plugin('users-permissions').service('jwt').issue({ id: user.id })) as string;
      const { blocked: _blocked, ...shown } = user;
      return { jwt, user: { ...shown, firstname: shown.firstname ?? null, lastname: shown.lastname ?? null, role: shown.role ? { type: shown.role.type } : null }, created };
    },
  };
};
