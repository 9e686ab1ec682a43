import { expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { connectAwin } from './awin.ts';

it('starts no Awin sandbox in staging without AWIN_API_KEY: affiliate reporting is off', async () => {
  const config = loadConfig({
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
  const awin = await connectAwin(config, createLogger('silent'));
  expect(awin).toMatchObject({ client: null, sandbox: null });
  // Outside a deployment the same config (no key) gets the local sandbox.
  const offline = await connectAwin({ ...config, NODE_ENV: 'test' }, createLogger('silent'));
  expect(offline.sandbox?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  await offline.close();
});
