/**
 * Complete deployment environments for configuration tests: every production rule satisfied, so
 * a test breaks exactly the variable it is about.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  FIREBASE_SERVICE_ACCOUNT: '{"project_id":"shop"}',
  FIREBASE_PROJECT_ID: 'shop',
  FIREBASE_API_KEY: 'AIza-shop-web-key',
  MONGODB_URI: 'mongodb://db.internal:27017/?replicaSet=rs0',
  KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  PUBLIC_ORIGIN: 'https://shop.example',
  RECAPTCHA_SECRET: 'recaptcha-secret',
  SMTP_URL: 'smtps://user:pass@smtp.example:465',
  PAYPAL_CLIENT_ID: 'paypal-id',
  PAYPAL_CLIENT_SECRET: 'paypal-secret',
  PAYPAL_WEBHOOK_ID: 'WH-1',
  CHECKOUT_SECRET_KEY: 'sk_live_abc',
  CHECKOUT_WEBHOOK_SECRET: 'cko-webhook-secret',
  INVOICE_ISSUER_NAME: 'Shop Marketplace S.p.A.',
  INVOICE_ISSUER_ADDRESS: 'Via Example 1, 00100 Roma RM, Italia',
  INVOICE_ISSUER_VAT_NUMBER: 'IT12345678901',
} satisfies Record<string, string>;

/** Staging: production's rules, with the payment providers' own sandboxes allowed. */
export const STAGING_ENV = {
  ...PRODUCTION_ENV,
  NODE_ENV: 'staging',
  PUBLIC_ORIGIN: 'https://staging.shop.example',
  CHECKOUT_SECRET_KEY: 'sk_sbox_abc',
} satisfies Record<string, string>;
