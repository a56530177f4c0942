/**
 * Sign-in with a username or e-mail and a password, on users-permissions (its bcrypt
 * check and its JWT). A wrong password, an unknown account and a blocked account all
 * get the same answer after the same bcrypt work, so the answer never tells whether an
 * account exists. Failures are counted per account and per address in windows
 * (LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP, LOGIN_FAILURE_WINDOW_SECONDS);
 * a success clears the account's count.
 */
import { randomBytes } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { unauthorized } from '../../../http/errors';
import { createLimiter, envLimit, rateLimited, type Limiter } from '../lib/rate-limits';

const USER_UID = 'plugin::users-permissions.user';

export type LoginInput = { identifier: string; password: string; ip: string };

export type LoginUser = {
  id: number;
  username: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  role: { type: string } | null;
};

export type LoginResult = { jwt: string; user: LoginUser };

type UserRow = LoginUser & { password: string | null; blocked: boolean | null; role: { type: string } | null };

export default ({ strapi }: { strapi: Core.Strapi }) => {
  let limiters: { account: Limiter; ip: Limiter } | undefined;
  let decoyHash: Promise<string> | undefined;

  function loginLimiters() {
    if (!limiters) {
      const durationSeconds = envLimit(strapi, 'LOGIN_FAILURE_WINDOW_SECONDS', 15 * 60);
      limiters = {
        account: createLimiter(strapi, 'login-account', { points: envLimit(strapi, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 5), durationSeconds }),
        ip: createLimiter(strapi, 'login-ip', { points: envLimit(strapi, 'LOGIN_MAX_FAILURES_PER_IP', 20), durationSeconds }),
      };
    }
    return limiters;
  }

  const users = () => strapi.plugin('users-permissions').service('user');

  /** A hash of a random secret: an unknown account still costs one bcrypt comparison. */
  function decoy(): Promise<string> {
    if (!decoyHash) {
      decoyHash = users()
        .ensureHashedPasswords({ password: randomBytes(18).toString('base64') })
        .then((values: { password: string }) => values.password) as Promise<string>;
    }
    return decoyHash;
  }

  async function findAccount(identifier: string): Promise<UserRow | null> {
    const rows = (await strapi.db.query(USER_UID).findMany({
      select: ['id', 'username', 'email', 'firstname', 'lastname', 'password', 'blocked'],
      where: { $or: [{ username: identifier }, { email: { $eqi: identifier } }] },
      populate: { role: { select: ['type'] } },
      orderBy: { id: 'asc' },
      limit: 5,
    })) as UserRow[];
    return rows.find((row) => row.username === identifier) ?? rows[0] ?? null;
  }

  return {
    async login({ identifier, password, ip }: LoginInput): Promise<LoginResult> {
      const { account: accountLimiter, ip: ipLimiter } = loginLimiters();
      // Each attempt takes its point before the password is compared, so guesses sent in
      // parallel cannot all slip under the limit; a successful sign-in gives them back.
      const ipKey = `ip:${ip}`;
      const ipWait = await ipLimiter.hit(ipKey);
      if (ipWait > 0) throw rateLimited(ipWait);

      const user = await findAccount(identifier);
      // Unknown names are counted under the name itself, so they are limited exactly like real accounts.
      const accountKey = user ? `user:${user.id}` : `name:${identifier.toLowerCase()}`;
      const accountWait = await accountLimiter.hit(accountKey);
      if (accountWait > 0) throw rateLimited(accountWait);

      const hash = user?.password || (await decoy());
      const matches = Boolean(await users().validatePassword(password, hash));
      if (!user || !user.password || !matches || user.blocked) {
        throw unauthorized('PERMISSION_DENIED');
      }

      await Promise.all([accountLimiter.reset(accountKey), ipLimiter.giveBack(ipKey)]);
      const jwt = (await strapi.plugin('users-permissions').service('jwt').issue({ id: user.id })) as string;
      return {
        jwt,
        user: {
          id: user.id,
          username: user.username,
          email: user.email,
          firstname: user.firstname ?? null,
          lastname: user.lastname ?? null,
          role: user.role ? { type: user.role.type } : null,
        },
      };
    },
  };
};
