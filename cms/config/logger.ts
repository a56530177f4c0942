import { winston, formats } from '@strapi/logger';

/** LOG_LEVEL=warn keeps test output readable; the default shows every request. */
export default {
  transports: [
    new winston.transports.Console({
      level: process.env.LOG_LEVEL || 'http',
      format: winston.format.combine(formats.prettyPrint({ timestamps: 'YYYY-MM-DD hh:mm:ss.SSS' })),
    }),
  ],
};
