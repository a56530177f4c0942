import { createSecretKey } from 'node:crypto';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { createOutboxTransport } from '../src/mail/outbox-transport';

/**
 * The JWT secret as a key object: given a string, jsonwebtoken first tries to read it as a PEM
 * public or private key (and fails, with an exception) on every sign and verify: about 0.4 ms
 * of CPU of each signed-in request. The key bytes and HS256 are unchanged, so
 * tokens issued before still verify. Unset, the plugin makes one up (development only), as before.
 */
function jwtSecretKey(secret: string | undefined) {
  return secret ? createSecretKey(Buffer.from(secret, 'utf8')) : undefined;
}

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Plugin => ({
  'users-permissions': {
    config: {
      jwtSecret: jwtSecretKey(env('JWT_SECRET')),
      jwt: { expiresIn: env('JWT_EXPIRES_IN', '7d') },
      register: {
        allowedFields: [],
      },
    },
  },
  email: {
    config: {
      provider: 'nodemailer',
      // SMTP when SMTP_HOST is set; otherwise every mail is written to cms/outbox/ as an .eml file.
      providerOptions: env('SMTP_HOST')
        ? {
            host: env('SMTP_HOST'),
            port: env.int('SMTP_PORT', 587),
            secure: env.bool('SMTP_SECURE', false),
            ignoreTLS: env.bool('SMTP_IGNORE_TLS', false),
            auth: env('SMTP_USER') ? { user: env('SMTP_USER'), pass: env('SMTP_PASS') } : undefined,
            // bounded well under the outbox's lease (MAIL_LEASE_MS, ADR 199), so a hung server cannot outlive a claim
            connectionTimeout: 15_000,
            greetingTimeout: 30_000,
            socketTimeout: 60_000,
          }
        : createOutboxTransport(path.resolve(__dirname, '..', '..', env('MAIL_OUTBOX', 'outbox'))),
      settings: {
        defaultFrom: env('MAIL_FROM', 'Sala <no-reply@sala.local>'),
        defaultReplyTo: env('MAIL_REPLY_TO', 'support@sala.local'),
      },
    },
  },
  upload: {
    config: {
      provider: 'local',
      sizeLimit: env.int('UPLOAD_SIZE_LIMIT', 20 * 1024 * 1024),
      security: {
        allowedTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/*', 'application/pdf'],
        deniedTypes: ['image/svg+xml', 'text/html', 'application/x-sh', 'text/x-shellscript'],
      },
    },
  },
});

export default config;
