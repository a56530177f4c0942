import type { Core } from '@strapi/strapi';

const config: Core.Config.Middlewares = [
  'strapi::logger',
  'strapi::errors',
  'global::api-envelope',
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  {
    name: 'strapi::body',
    config: { jsonLimit: '2mb', formLimit: '2mb', textLimit: '2mb' },
  },
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];

export default config;
