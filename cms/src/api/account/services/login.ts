/**
 * Sign-in with a username or e-mail and a password, on users-permissions (its bcrypt
 * check and its JWT). A wrong password, an unknown account and a blocked account all
 * get the same answer after the same bcrypt work, so the answer never tells whether an
 * account exists. Failures are counted in windows of LOGIN_FAILURE_WINDOW_SECONDS
 * (docs/decisions/158-client-addresses-and-upload-tickets.md):
 * - per account and address (LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS, 5): that address is
 *   refused for that account only;
 * - per address (LOGIN_MAX_FAILURES_PER_IP, 20): that address is refused for every account;
 * - per account from every address (LOGIN_MAX_FAILURES_PER_ACCOUNT, 10): addresses are refused for
 *   that account, so rotating addresses does not reset its count, except addresses that signed
 *   in to it within the last 14 days: guessers elsewhere cannot lock its owner out.
 * The address is the client address (src/http/client-address.ts). A success clears the
 * account's counts and remembers the address for the account.
 */
import { randomBytes } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { unauthorized } from '../../../lib/errors';
import { createLimiter, envLimit, rateLimited, type Limiter } from '../../../lib/rate-limits';

const USER_UID = 'plugin::users-permissions.user';
/** How long an address that signed in to an account stays exempt from that account's all-address limit. */
// (the in-memory store times keys out with setTimeout, which holds at most ~24.8 days)
const KNOWN_ADDRESS_SECONDS = 14 * 24 * 3600;

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
  let limiters: { account: Limiter; pair: Limiter; ip: Limiter; known: Limiter } | undefined;
  let decoyHash: Promise<string> | undefined;

  function loginLimiters() {
    if (!limiters) {
      const durationSeconds = envLimit(strapi, 'LOGIN_FAILURE_WINDOW_SECONDS', 15 * 60);
      limiters = {
        account: createLimiter(strapi, 'login-account', { points: envLimit(strapi, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 10), durationSeconds }),
        pair: createLimiter(strapi, 'login-account-address', { points: envLimit(strapi, 'LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS', 5), durationSeconds }),
        ip: createLimiter(strapi, 'login-ip', { points: envLimit(strapi, 'LOGIN_MAX_FAILURES_PER_IP', 20), durationSeconds }),
        // one point per (account, address) that signed in: "known" while it lasts
        known: createLimiter(strapi, 'login-known-address', { points: 1, durationSeconds: KNOWN_ADDRESS_SECONDS }),
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
      const { account: accountLimiter, pair: pairLimiter, ip: ipLimiter, known: knownLimiter } = loginLimiters();
      // Each attempt takes its points before the password is compared, so guesses sent in
      // parallel cannot all slip under the limit; a successful sign-in gives them back.
      const ipKey = `ip:${ip}`;
      const ipWait = await ipLimiter.hit(ipKey);
      if (ipWait > 0) throw rateLimited(ipWait);

      const user = await findAccount(identifier);
      // Unknown names are counted under the name itself, so they are limited exactly like real accounts.
      const accountKey = user ? `user:${user.id}` : `name:${identifier.toLowerCase()}`;
      const pairKey = `${accountKey}|${ipKey}`;
      const pairWait = await pairLimiter.hit(pairKey);
      if (pairWait > 0) throw rateLimited(pairWait);
      const known = user ? (await knownLimiter.blockedFor(pairKey)) > 0 : false;
      if (!known) {
        const accountWait = await accountLimiter.hit(accountKey);
        if (accountWait > 0) throw rateLimited(accountWait);
      }

      const hash = user?.password || (await decoy());
      const matches = Boolean(await users().validatePassword(password, hash));
      if (!user || !user.password || !matches || user.blocked) {
        throw unauthorized('PERMISSION_DENIED');
      }

      await Promise.all([accountLimiter.reset(accountKey), pairLimiter.reset(pairKey), ipLimiter.giveBack(ipKey)]);
      // remembered afresh for another 14 days
      await knownLimiter.reset(pairKey);
      await knownLimiter.hit(pairKey);
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
