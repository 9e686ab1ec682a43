import { describe, expect, it } from 'vitest';
import { identityMode, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with no variables', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      EMBEDDED_MONGO_PORT: 27018,
      MONGODB_DB: 'marketplace',
      TRUST_PROXY: false,
    });
    expect(config.MONGODB_URI).toBeUndefined();
    expect(identityMode(config)).toBe('emulator');
  });

  it.each([
    ['PORT', 'eighty'],
    ['MONGODB_URI', 'postgres://x'],
    ['EMBEDDED_MONGO_PORT', '70000'],
    ['NODE_ENV', 'prod'],
    ['KEY_ENCRYPTION_KEY', 'dG9vLXNob3J0'],
    ['FIREBASE_SERVICE_ACCOUNT', '{not json'],
    ['TRUST_PROXY', 'yes'],
    ['CHECKOUT_SECRET_KEY', 'pk_sbox_public'],
    ['PAYMENT_SANDBOX_PORT', '65535'],
  ])('stops the start naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^\\s+${name}:`, 'm'));
  });

  it('refuses the Auth emulator in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
  });

  it('refuses production without payment provider credentials', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /PAYPAL_CLIENT_ID: is required in production[\s\S]*CHECKOUT_WEBHOOK_SECRET/,
    );
  });

  it('refuses a PayPal client id without its secret', () => {
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'abc' })).toThrow(/PAYPAL_CLIENT_SECRET:/);
  });

  it('selects real Firebase when a service account is configured', () => {
    expect(identityMode(loadConfig({ FIREBASE_SERVICE_ACCOUNT: '{"project_id":"p"}' }))).toBe(
      'firebase',
    );
  });
});
