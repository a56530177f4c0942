/** Throwaway secrets for test runs: a fresh clone has no cms/.env. */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  APP_KEYS: 'testKeyA,testKeyB',
  API_TOKEN_SALT: 'test-api-token-salt',
  ADMIN_JWT_SECRET: 'test-admin-jwt-secret',
  TRANSFER_TOKEN_SALT: 'test-transfer-token-salt',
  JWT_SECRET: 'test-jwt-secret',
  ENCRYPTION_KEY: 'test-encryption-key-0123456789abcdef',
  CLIENT_ADDRESS_SECRET: 'test-client-address-secret-0123456789',
  PREVIEW_SECRET: 'test-preview-secret-0123456789abcdef',
  // Test files upload as visitors from one address far more than a visitor would; the limits have their own tests.
  UPLOADS_PER_ADDRESS_PER_HOUR: '100000',
  UPLOAD_MB_PER_ADDRESS_PER_HOUR: '100000',
  UPLOADS_PER_TICKET: '100000',
  UPLOADS_PER_OWNER_PER_HOUR: '100000',
  UPLOAD_TICKETS_PER_ADDRESS_PER_HOUR: '100000',
  // ... and name unknown coupon codes far more often than a buyer would; guessing has its own test.
  COUPON_CODE_MISSES_PER_ADDRESS: '100000',
  COUPON_CODE_MISSES_PER_ACCOUNT: '100000',
  STRAPI_TELEMETRY_DISABLED: 'true',
  STRAPI_STARTUP_LOG: 'false',
  BROWSER: 'none',
  LOG_LEVEL: 'warn',
  // Each booted CMS opens its real-time channel on a free port, so parallel test files never fight over 8443.
  REALTIME_PORT: '0',
};
