import type { Core } from '@strapi/strapi';
import { storefrontUrl } from '../src/lib/paths';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin => ({
  // Strapi's limit on admin sign-ins (5 per address and e-mail in 5 minutes). Only the browser
  // tests turn it off, where every spec signs the same admins in; production always keeps it.
  rateLimit: { enabled: env('NODE_ENV') === 'production' || env.bool('ADMIN_LOGIN_RATE_LIMIT', true) },
  auth: {
    secret: env('ADMIN_JWT_SECRET')!,
  },
  apiToken: {
    salt: env('API_TOKEN_SALT')!,
  },
  transfer: {
    token: {
      salt: env('TRANSFER_TOKEN_SALT')!,
    },
  },
  secrets: {
    encryptionKey: env('ENCRYPTION_KEY')!,
  },
  // "Open preview" in an entry's edit view: a signed storefront link to the entry as it is now (ADR 170).
  preview: {
    enabled: true,
    config: {
      // Strapi adds these to its own CSP's frame-src so the admin can frame the storefront.
      allowedOrigins: [new URL(storefrontUrl()).origin],
      async handler(uid: string, params: { documentId?: string; locale?: string | null; status?: string }) {
        return strapi.service('api::preview.preview').previewUrl(uid, params);
      },
    },
  },
  flags: {
    nps: false,
    promoteEE: false,
    docLinks: false,
  },
});

export default config;
