/**
 * The sign-in of a socket: a users-permissions JWT, or a real-time ticket (ticket.ts), that
 * is valid, not revoked (token-revocation.ts), belongs to the claimed userId and to a user
 * who is not blocked puts the socket in that user's room. Anything else leaves the socket in
 * no user room.
 */
import type { Core } from '@strapi/strapi';
import type { Socket } from 'socket.io';
import { isRevoked, type TokenClaims } from '../http/token-revocation';
import { isTicket, verifyTicket } from './ticket';
import { SIGN_IN_ERROR_EVENT, SIGN_IN_EVENT, SIGN_IN_OK_EVENT, SIGN_OUT_EVENT, SIGN_OUT_OK_EVENT, userRoom, type SignInError, type SignInOk } from './events';

const USER_UID = 'plugin::users-permissions.user';
// setTimeout takes at most a signed 32-bit delay; a longer wait fires at once.
const MAX_TIMER_MS = 2 ** 31 - 1;
const MAX_TOKEN_LENGTH = 8192;

type Verdict = { ok: true; userId: number; expiresAtMs?: number } | { ok: false; reason: SignInError['reason'] };

type SocketSession = {
  userId?: number;
  /** Bumped by every sign-in, sign-out and the disconnect: a slower sign-in that finishes after a newer one is dropped. */
  generation: number;
  expiryTimer?: NodeJS.Timeout;
};

function parseUserId(value: unknown): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export async function checkSignIn(strapi: Core.Strapi, payload: unknown): Promise<Verdict> {
  if (!payload || typeof payload !== 'object') return { ok: false, reason: 'invalid_payload' };
  const { userId, token } = payload as Record<string, unknown>;
  const id = parseUserId(userId);
  if (id === null || typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'invalid_payload' };
  if (!token) return { ok: false, reason: 'invalid_token' };

  // The storefront's pages sign in with a ticket (ticket.ts); the spec's own clients with their JWT.
  const ticket = isTicket(token);
  let claims: TokenClaims | null;
  if (ticket) {
    claims = verifyTicket(strapi, token);
    if (!claims) return { ok: false, reason: 'invalid_token' };
  } else {
    try {
      claims = (await (strapi.plugin('users-permissions').service('jwt') as { verifySignature: (token: string) => Promise<TokenClaims> }).verifySignature(token)) as TokenClaims;
    } catch {
      return { ok: false, reason: 'invalid_token' };
    }
  }
  const tokenUserId = parseUserId(claims?.id);
  if (tokenUserId === null) return { ok: false, reason: 'invalid_token' };
  if (tokenUserId !== id) return { ok: false, reason: 'user_mismatch' };

  const user = (await strapi.db.query(USER_UID).findOne({ where: { id }, select: ['id', 'blocked', 'tokens_valid_after'] })) as {
    id: number;
    blocked?: boolean | null;
    tokens_valid_after?: unknown;
  } | null;
  if (!user) return { ok: false, reason: 'invalid_token' };
  if (user.blocked) return { ok: false, reason: 'user_blocked' };
  // A sign-out or a password reset since the token (or the ticket) was issued ends it.
  if (isRevoked(claims, user.tokens_valid_after)) return { ok: false, reason: 'invalid_token' };
  // A ticket only opens the room: the membership lasts as long as the connection.
  const expiresAtMs = !ticket && typeof claims?.exp === 'number' ? claims.exp * 1000 : undefined;
  return { ok: true, userId: id, expiresAtMs };
}

function refuse(socket: Socket, reason: SignInError['reason']): void {
  const error: SignInError = { code: 'PERMISSION_DENIED', reason };
  socket.emit(SIGN_IN_ERROR_EVENT, error);
}

function leaveUserRoom(socket: Socket, session: SocketSession): void {
  clearTimeout(session.expiryTimer);
  session.expiryTimer = undefined;
  if (session.userId !== undefined) socket.leave(userRoom(session.userId));
  session.userId = undefined;
}

/** Wires the sign-in and sign-out events of one socket. */
export function handleSignIn(strapi: Core.Strapi, socket: Socket): void {
  const session: SocketSession = { generation: 0 };

  socket.on(SIGN_IN_EVENT, async (payload: unknown) => {
    const generation = ++session.generation;
    let verdict: Verdict;
    try {
      verdict = await checkSignIn(strapi, payload);
    } catch (error) {
      strapi.log.error(`[realtime] sign-in check failed: ${(error as Error).message}`);
      verdict = { ok: false, reason: 'invalid_token' };
    }
    if (generation !== session.generation || socket.disconnected) return;

    if (!verdict.ok) {
      // A refused sign-in also ends an earlier one: the socket no longer speaks for that user.
      leaveUserRoom(socket, session);
      refuse(socket, verdict.reason);
      return;
    }
    // Join before leaving so that a token refresh for the same user drops no event.
    const previous = session.userId;
    clearTimeout(session.expiryTimer);
    socket.join(userRoom(verdict.userId));
    if (previous !== undefined && previous !== verdict.userId) socket.leave(userRoom(previous));
    session.userId = verdict.userId;
    if (verdict.expiresAtMs !== undefined) {
      const delay = Math.min(Math.max(verdict.expiresAtMs - Date.now(), 0), MAX_TIMER_MS);
      session.expiryTimer = setTimeout(() => {
        if (generation !== session.generation) return;
        leaveUserRoom(socket, session);
        refuse(socket, 'token_expired');
      }, delay);
      session.expiryTimer.unref();
    }
    const ok: SignInOk = { userId: verdict.userId };
    socket.emit(SIGN_IN_OK_EVENT, ok);
  });

  socket.on(SIGN_OUT_EVENT, () => {
    session.generation++;
    leaveUserRoom(socket, session);
    socket.emit(SIGN_OUT_OK_EVENT, {});
  });

  socket.on('disconnect', () => {
    session.generation++;
    clearTimeout(session.expiryTimer);
  });
}
