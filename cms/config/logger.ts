import { winston, formats } from '@strapi/logger';
import { currentRequestId } from '../src/http/request-context';

/**
 * LOG_LEVEL=warn keeps test output readable; the default shows every request.
 * LOG_FORMAT=json (the default in production) writes one JSON object a line: time, level,
 * message, and the request id of the request being served (ADR 200); `pretty` otherwise.
 */
const withRequestId = winston.format((info) => {
  const requestId = currentRequestId();
  if (requestId && info.requestId === undefined) info.requestId = requestId;
  return info;
});

/** Readable lines end with the request id, in brackets. */
const idAtTheEnd = winston.format((info) => {
  if (typeof info.requestId === 'string') info.message = `${String(info.message)} [${info.requestId}]`;
  return info;
});

export function logFormat(env: NodeJS.ProcessEnv = process.env): 'json' | 'pretty' {
  const asked = env.LOG_FORMAT?.trim();
  if (asked === 'json' || asked === 'pretty') return asked;
  return env.NODE_ENV === 'production' ? 'json' : 'pretty';
}

const format =
  logFormat() === 'json'
    ? winston.format.combine(withRequestId(), winston.format.timestamp(), winston.format.errors({ stack: true }), winston.format.json())
    : winston.format.combine(withRequestId(), idAtTheEnd(), formats.prettyPrint({ timestamps: 'YYYY-MM-DD HH:mm:ss.SSS' }));

/** The format is the logger's own: Strapi's default one (coloured, readable) is replaced, not added to. */
export default {
  level: process.env.LOG_LEVEL || 'http',
  format,
  transports: [new winston.transports.Console({ level: process.env.LOG_LEVEL || 'http' })],
};
