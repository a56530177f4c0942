import type { Core } from '@strapi/strapi';
import { storefrontUrl } from '../src/lib/paths';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin => ({
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
