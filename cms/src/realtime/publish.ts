/**
 * What other modules call to push an event. Every function is a no-op that
 * returns false when the channel is not running (REALTIME_ENABLED=false, or
 * before bootstrap and after destroy), and never throws into the caller.
 */
import type { Core } from '@strapi/strapi';
import { getRealtimeChannel } from './server';
import { userRoom, type BroadcastEventName, type BroadcastEvents, type ContentKind, type UserEventName, type UserEvents } from './events';

/** Coalesces bursts (an import, a bulk edit) into one content:updated per kind. */
const CONTENT_FLUSH_MS = 100;

/** Sends an event to every socket signed in as the user, on every CMS instance. */
export function publishToUser<E extends UserEventName>(strapi: Core.Strapi, userId: number | string, event: E, payload: UserEvents[E]): boolean {
  const channel = getRealtimeChannel(strapi);
  if (!channel) return false;
  try {
    channel.io.to(userRoom(userId)).emit(event, payload);
    return true;
  } catch (error) {
    strapi.log.error(`[realtime] cannot publish ${event} to user ${userId}: ${(error as Error).message}`);
    return false;
  }
}

/** Sends an event to every connected socket, signed in or not. */
export function publishToAll<E extends BroadcastEventName>(strapi: Core.Strapi, event: E, payload: BroadcastEvents[E]): boolean {
  const channel = getRealtimeChannel(strapi);
  if (!channel) return false;
  try {
    channel.io.emit(event, payload);
    return true;
  } catch (error) {
    strapi.log.error(`[realtime] cannot broadcast ${event}: ${(error as Error).message}`);
    return false;
  }
}

/** Queues a content:updated broadcast for the kind; changes within 100 ms go out as one event. */
export function notifyContentUpdated(strapi: Core.Strapi, kind: ContentKind): boolean {
  const channel = getRealtimeChannel(strapi);
  if (!channel) return false;
  channel.pendingContent.add(kind);
  if (!channel.contentTimer) {
    channel.contentTimer = setTimeout(() => {
      channel.contentTimer = undefined;
      const kinds = [...channel.pendingContent];
      channel.pendingContent.clear();
      const at = new Date().toISOString();
      for (const changed of kinds) publishToAll(strapi, 'content:updated', { kind: changed, at });
    }, CONTENT_FLUSH_MS);
    channel.contentTimer.unref();
  }
  return true;
}
