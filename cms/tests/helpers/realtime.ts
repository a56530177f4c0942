/** Sockets, students and waiting helpers for the real-time channel's API tests. */
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';

export type SignInReply = { event: 'signin:ok'; payload: { userId: number } } | { event: 'signin:error'; payload: { code: string; reason: string } };

const open: Socket[] = [];

/** A raw socket.io-client connection over TLS that trusts the test's self-signed certificate. */
export async function connectSocket(url: string, options: Record<string, unknown> = {}): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], rejectUnauthorized: false, reconnection: false, forceNew: true, timeout: 5000, ...options });
  open.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return socket;
}

/** Closes every socket opened by connectSocket. */
export function closeSockets(): void {
  for (const socket of open.splice(0)) socket.close();
}

/** Every payload of the event received from now on. */
export function record<T = unknown>(socket: Pick<Socket, 'on'>, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

/** The next payload of the event, or a rejection after timeoutMs. */
export function nextEvent<T = unknown>(socket: Pick<Socket, 'once' | 'off'>, event: string, timeoutMs = 1000): Promise<T> {
  return new Promise((resolve, reject) => {
    const listener = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once(event, listener);
  });
}

/** Emits signin and resolves with whichever answer comes first. */
export function signIn(socket: Socket, payload: unknown, timeoutMs = 3000): Promise<SignInReply> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      done();
      reject(new Error(`no sign-in answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const onOk = (answer: { userId: number }) => {
      done();
      resolve({ event: 'signin:ok', payload: answer });
    };
    const onError = (answer: { code: string; reason: string }) => {
      done();
      resolve({ event: 'signin:error', payload: answer });
    };
    function done() {
      clearTimeout(timer);
      socket.off('signin:ok', onOk);
      socket.off('signin:error', onError);
    }
    socket.on('signin:ok', onOk);
    socket.on('signin:error', onError);
    socket.emit('signin', payload);
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type TestStudent = { id: number; token: string };

/** A users-permissions user with a fresh JWT. */
export async function createStudent(strapi: any, fields: { blocked?: boolean } = {}): Promise<TestStudent> {
  const name = `rt_${randomBytes(5).toString('hex')}`;
  const user = await strapi.db.query('plugin::users-permissions.user').create({
    data: { username: name, email: `${name}@example.com`, provider: 'local', confirmed: true, blocked: fields.blocked ?? false },
  });
  const token = await strapi.plugin('users-permissions').service('jwt').issue({ id: user.id });
  return { id: user.id, token };
}

/** Values for the required attributes of a content type, so a test can create an entry of a model it does not own. */
export function sampleData(contentType: { attributes: Record<string, any> }, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const unique = randomBytes(4).toString('hex');
  const data: Record<string, unknown> = {};
  for (const [name, attribute] of Object.entries(contentType.attributes)) {
    if (!attribute.required || name in overrides) continue;
    switch (attribute.type) {
      case 'string':
      case 'text':
      case 'richtext':
      case 'uid':
        data[name] = `rt_${name}_${unique}`;
        break;
      case 'email':
        data[name] = `rt_${unique}@example.com`;
        break;
      case 'enumeration':
        data[name] = attribute.default ?? attribute.enum[0];
        break;
      case 'integer':
      case 'biginteger':
      case 'decimal':
      case 'float':
        data[name] = attribute.min ?? 1;
        break;
      case 'boolean':
        data[name] = attribute.default ?? false;
        break;
      case 'json':
        data[name] = {};
        break;
      case 'date':
        data[name] = '2026-01-01';
        break;
      case 'datetime':
        data[name] = '2026-01-01T00:00:00.000Z';
        break;
      default:
        break;
    }
  }
  return { ...data, ...overrides };
}
