/**
 * The storefront's one real-time connection: socket.io to the CMS channel, through the page's
 * own origin (the storefront forwards /socket.io, ADR 202) unless window.ENV.REALTIME_URL names
 * another address (the channel's own port, or a proxy).
 * Browser-only (.client.ts): Remix leaves it out of the server bundle.
 *
 *   signIn(user.id, token)               after login; sent again after every reconnect. `token`
 *                                        is a string (the spec's JWT) or a function that fetches a
 *                                        fresh one (the storefront's pages: a real-time ticket, ADR 157)
 *   const stop = onOrderStatus((e) => …) returns the unsubscribe function
 *
 * The event types mirror cms/src/realtime/events.ts.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export type OrderEventStatus = 'created' | 'pendingApproved' | 'approved' | 'rejected' | 'cancelled' | 'expired';
export type OrderStatusEvent = { orderId: number; order_token: string; status: OrderEventStatus };

export type PaymentEventStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled' | 'expired';
export type PaymentStatusEvent = { orderId: number; attemptId: number | string; provider: string; status: PaymentEventStatus };

export type ContentKind = 'text' | 'setting' | 'course' | 'pricing-plan' | 'product' | 'promotion';
export type ContentUpdatedEvent = { kind: ContentKind; at: string };

export type SignInPayload = { userId: number | string; token: string };
export type SignInOk = { userId: number };
export type SignInError = { code: 'PERMISSION_DENIED'; reason: 'invalid_payload' | 'invalid_token' | 'user_mismatch' | 'user_blocked' | 'token_expired' };

type ServerToClientEvents = {
  'order:status': (event: OrderStatusEvent) => void;
  'payment:status': (event: PaymentStatusEvent) => void;
  'content:updated': (event: ContentUpdatedEvent) => void;
  'signin:ok': (event: SignInOk) => void;
  'signin:error': (event: SignInError) => void;
  'signout:ok': (event: Record<string, never>) => void;
};

type ClientToServerEvents = {
  signin: (payload: SignInPayload) => void;
  signout: () => void;
};

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type Unsubscribe = () => void;

export const DEFAULT_REALTIME_PORT = 8443;

/** Spec section 9: reconnect after 1 s, backing off to 5 s with ±50 % jitter, 20 s connect timeout, never give up. */
export const RECONNECTION_OPTIONS = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
  reconnectionAttempts: Infinity,
} as const satisfies Partial<ManagerOptions>;

/**
 * window.ENV.REALTIME_URL when the root loader exposes one, else the page's own origin, where the
 * storefront forwards /socket.io to the channel (a browser refuses the channel's self-signed
 * certificate on its own port); https://{host}:8443 only where there is no page (a tool).
 */
export function resolveRealtimeUrl(env?: { REALTIME_URL?: unknown } | null, location?: { hostname?: string; origin?: string } | null): string {
  const configured = typeof env?.REALTIME_URL === 'string' ? env.REALTIME_URL.trim() : '';
  if (configured) return configured.replace(/\/+$/, '');
  if (location?.origin && /^https?:\/\//.test(location.origin)) return location.origin;
  const hostname = location?.hostname || 'localhost';
  const host = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
  return `https://${host}:${DEFAULT_REALTIME_PORT}`;
}

/** A token, or a function giving a fresh one for each (re)connection (a short-lived ticket). */
export type TokenSource = string | (() => Promise<string | null>);

export type RealtimeClient = {
  socket: RealtimeSocket;
  /** Joins the user's room now (when connected) and again after every reconnect. */
  signIn: (userId: number | string, token: TokenSource) => void;
  /** Leaves the user's room; the connection stays open for public events. */
  signOut: () => void;
  onOrderStatus: (callback: (event: OrderStatusEvent) => void) => Unsubscribe;
  onPaymentStatus: (callback: (event: PaymentStatusEvent) => void) => Unsubscribe;
  onContentUpdated: (callback: (event: ContentUpdatedEvent) => void) => Unsubscribe;
  onSignedIn: (callback: (event: SignInOk) => void) => Unsubscribe;
  /** A refused sign-in, or a token that expired while connected: show the session-expired notice. */
  onSignInError: (callback: (event: SignInError) => void) => Unsubscribe;
  /** True between the server's `signin:ok` and a disconnect or refusal: pushes for the user arrive. */
  isSignedIn: () => boolean;
  close: () => void;
};

export type RealtimeClientOptions = {
  url?: string;
  /** Extra socket.io-client options (Node tests pass rejectUnauthorized: false for the demo certificate). */
  socketOptions?: Partial<ManagerOptions & SocketOptions>;
};

/** Opens a connection. Pages use the shared one through the functions below; this is for tests and tools. */
export function createRealtimeClient(options: RealtimeClientOptions = {}): RealtimeClient {
  const url = options.url ?? resolveRealtimeUrl(readWindowEnv(), readWindowLocation());
  // WebSocket only: no long-polling, so several CMS instances behind a balancer need no sticky sessions.
  const socket: RealtimeSocket = io(url, { ...RECONNECTION_OPTIONS, transports: ['websocket'], ...options.socketOptions });
  let credentials: { userId: number | string; token: TokenSource } | null = null;
  /** Sends the sign-in of the current credentials, fetching a fresh token first when they carry a source. */
  const sendSignIn = () => {
    const current = credentials;
    if (!current) return;
    if (typeof current.token === 'string') {
      socket.emit('signin', { userId: current.userId, token: current.token });
      return;
    }
    current.token().then(
      (token) => {
        // Signed out, or signed in again meanwhile: this token is no longer wanted.
        if (token && credentials === current && socket.connected) socket.emit('signin', { userId: current.userId, token });
      },
      () => undefined,
    );
  };
  let signedIn = false;
  socket.on('signin:ok', () => {
    signedIn = true;
  });
  socket.on('signin:error', () => {
    signedIn = false;
  });
  socket.on('signout:ok', () => {
    signedIn = false;
  });
  socket.on('disconnect', () => {
    signedIn = false;
  });

  // 'connect' fires on the first connection and after every reconnection; a new connection starts in no room.
  socket.on('connect', () => {
    sendSignIn();
  });

  function subscribe<E extends keyof ServerToClientEvents>(event: E, callback: ServerToClientEvents[E]): Unsubscribe {
    // socket.io-client's typed on/off do not narrow through a generic event name.
    const listener = callback as never;
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }

  return {
    socket,
    signIn(userId, token) {
      credentials = { userId, token };
      // Emits while disconnected would be buffered and then sent a second time by the connect handler.
      if (socket.connected) sendSignIn();
    },
    signOut() {
      credentials = null;
      if (socket.connected) socket.emit('signout');
    },
    onOrderStatus: (callback) => subscribe('order:status', callback),
    onPaymentStatus: (callback) => subscribe('payment:status', callback),
    onContentUpdated: (callback) => subscribe('content:updated', callback),
    onSignedIn: (callback) => subscribe('signin:ok', callback),
    onSignInError: (callback) => subscribe('signin:error', callback),
    isSignedIn: () => signedIn,
    close() {
      credentials = null;
      socket.close();
    },
  };
}

// Read through globalThis so that the module also loads outside a browser (tests, tools).
function readWindowEnv(): { REALTIME_URL?: unknown } | undefined {
  return (globalThis as { ENV?: { REALTIME_URL?: unknown } }).ENV;
}

function readWindowLocation(): { hostname?: string; origin?: string } | undefined {
  return (globalThis as { location?: { hostname?: string; origin?: string } }).location;
}

let shared: RealtimeClient | undefined;
let configuredUrl: string | undefined;

/**
 * The channel's address as the root loader exposes it (REALTIME_PUBLIC_URL of the storefront).
 * Call before the first use; every caller passes the same value, so a later call changes
 * nothing unless the address itself changed (then the old connection is closed).
 */
export function configureRealtime(url: string | null | undefined): void {
  const next = url?.trim() || undefined;
  if (next === configuredUrl) return;
  configuredUrl = next;
  if (shared) closeRealtime();
}

/** The page's one connection, opened on first use. */
export function getRealtimeClient(): RealtimeClient {
  shared ??= createRealtimeClient(configuredUrl ? { url: configuredUrl } : {});
  return shared;
}

export const signIn = (userId: number | string, token: TokenSource): void => getRealtimeClient().signIn(userId, token);
export const signOut = (): void => getRealtimeClient().signOut();
export const onOrderStatus = (callback: (event: OrderStatusEvent) => void): Unsubscribe => getRealtimeClient().onOrderStatus(callback);
export const onPaymentStatus = (callback: (event: PaymentStatusEvent) => void): Unsubscribe => getRealtimeClient().onPaymentStatus(callback);
export const onContentUpdated = (callback: (event: ContentUpdatedEvent) => void): Unsubscribe => getRealtimeClient().onContentUpdated(callback);
export const onSignInError = (callback: (event: SignInError) => void): Unsubscribe => getRealtimeClient().onSignInError(callback);

/** Closes the shared connection (a full sign-out, or page teardown); the next call opens a new one. */
export function closeRealtime(): void {
  shared?.close();
  shared = undefined;
}
