import type { Core } from '@strapi/strapi';

const config: Core.Config.Middlewares = [
  // the request id, the access log line and the error bodies' requestId (ADR 200)
  'global::request-context',
  // /_health/live, /_health/ready, /metrics and the latency histogram (ADR 201)
  'global::operations',
  'strapi::errors',
  // before anything reads ctx.request.ip: the one client address every limit keys on
  'global::client-address',
  'global::api-envelope',
  'strapi::security',
  'global::uploads-headers',
  // before strapi::public: private uploads never reach the static server
  'global::private-uploads',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  // a body refused as too large is read to its end before the 413 goes out
  'global::drain-refused-body',
  {
    name: 'strapi::body',
    // includeUnparsed keeps each body exactly as received: provider signatures (Omise) are computed over those bytes.
    config: { jsonLimit: '2mb', formLimit: '2mb', textLimit: '2mb', includeUnparsed: true },
  },
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];

export default config;
