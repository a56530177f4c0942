/** Real HTTP, one connection per request, optionally from another loopback address (127.0.0.x). */
export { bearer, send, sendJson, sleep, type Answer, type SendOptions } from '../../reliability/support/http';
