import { expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config.ts';
import { sandboxedProviders } from './payment-providers.ts';

const STAGING = loadConfig({
  NODE_ENV: 'staging',
  FIREBASE_SERVICE_ACCOUNT: '{"project_id":"shop"}',
  FIREBASE_PROJECT_ID: 'shop',
  FIREBASE_API_KEY: 'AIza-shop-web-key',
  MONGODB_URI: 'mongodb://db.internal:27017',
  KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  PUBLIC_ORIGIN: 'https://staging.shop.example',
  RECAPTCHA_SECRET: 'recaptcha-secret',
  SMTP_URL: 'smtp://smtp.example:587',
  PAYPAL_CLIENT_ID: 'paypal-id',
  PAYPAL_CLIENT_SECRET: 'paypal-secret',
  PAYPAL_WEBHOOK_ID: 'WH-1',
  CHECKOUT_SECRET_KEY: 'sk_sbox_abc',
  CHECKOUT_WEBHOOK_SECRET: 'cko-webhook-secret',
});

it('starts no local payment sandbox in a deployment, even if the config check were bypassed', () => {
  expect(sandboxedProviders(STAGING)).toEqual({ paypal: false, checkout: false });
  // A config that skipped validation (no Checkout.com key) must not fall back to the sandbox.
  const unchecked: Config = { ...STAGING, NODE_ENV: 'production', CHECKOUT_SECRET_KEY: undefined };
  expect(() => sandboxedProviders(unchecked)).toThrow(/never run in production/);
  // Offline, the same gap means the local sandbox takes Checkout.com's calls.
  expect(sandboxedProviders({ ...unchecked, NODE_ENV: 'development' })).toEqual({
    paypal: false,
    checkout: true,
  });
});
