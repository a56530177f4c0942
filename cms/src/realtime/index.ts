/**
 * The real-time channel (socket.io over TLS on REALTIME_PORT, default 8443).
 * Start it in bootstrap, stop it in destroy, and push events with publishToUser.
 * See docs/realtime.md.
 */
export { startRealtime, stopRealtime, getRealtimeChannel, type RealtimeChannel } from './server';
export { publishToUser, publishToAll, notifyContentUpdated } from './publish';
export { registerContentBroadcast, CONTENT_KINDS } from './content-broadcast';
export { readRealtimeConfig, DEFAULT_REALTIME_PORT, type RealtimeConfig } from './config';
export * from './events';
