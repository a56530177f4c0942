import type { Core } from '@strapi/strapi';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Plugin => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET'),
      jwt: { expiresIn: env('JWT_EXPIRES_IN', '7d') },
      register: {
        allowedFields: [],
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
