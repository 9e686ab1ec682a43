import { describe, expect, it } from 'vitest';
import { identityMode, listenHost, loadConfig } from './config.ts';
import { PRODUCTION_ENV as PRODUCTION } from '../test/deployment-env.ts';

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

  it('reads the client country header only behind a trusted proxy', () => {
    expect(() => loadConfig({ CLIENT_COUNTRY_HEADER: 'CF-IPCountry' })).toThrow(
      /CLIENT_COUNTRY_HEADER: needs TRUST_PROXY/,
    );
    expect(
      loadConfig({ CLIENT_COUNTRY_HEADER: 'CF-IPCountry', TRUST_PROXY: '1' }).CLIENT_COUNTRY_HEADER,
    ).toBe('cf-ipcountry');
    expect(() => loadConfig({ CLIENT_COUNTRY_HEADER: 'cf ipcountry', TRUST_PROXY: '1' })).toThrow(
      /CLIENT_COUNTRY_HEADER: must be a header name/,
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

  it('seeds demo data by default only outside production and staging', () => {
    expect(loadConfig({}).SEED_DEMO_DATA).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).SEED_DEMO_DATA).toBe(true);
    expect(loadConfig(PRODUCTION).SEED_DEMO_DATA).toBe(false);
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'staging' }).SEED_DEMO_DATA).toBe(false);
  });

  it('listens on loopback with the emulator, on every interface with real Firebase', () => {
    expect(listenHost(loadConfig({}))).toBe('127.0.0.1');
    expect(listenHost(loadConfig({ HOST: '0.0.0.0' }))).toBe('0.0.0.0');
    expect(listenHost(loadConfig(PRODUCTION))).toBe('0.0.0.0');
  });
});

describe('loadConfig in production', () => {
  it('accepts a complete production environment', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({ NODE_ENV: 'production', SEED_DEMO_DATA: false });
    expect(identityMode(config)).toBe('firebase');
  });

  // Each row: the variable, what it is set to (undefined: left out), and why it is refused.
  it.each([
    ['FIREBASE_SERVICE_ACCOUNT', undefined],
    ['FIREBASE_AUTH_EMULATOR_HOST', '127.0.0.1:9099'],
    ['FIREBASE_PROJECT_ID', undefined],
    ['FIREBASE_PROJECT_ID', 'demo-shop'],
    ['FIREBASE_API_KEY', undefined],
    ['MONGODB_URI', undefined],
    ['KEY_ENCRYPTION_KEY', undefined],
    ['PUBLIC_ORIGIN', undefined],
    ['PUBLIC_ORIGIN', 'http://shop.example'],
    ['ANALYTICS_TAG_URL', 'http://tags.example/a.js'],
    ['MARKETING_TAG_URL', 'javascript:alert(1)'],
    ['RECAPTCHA_SECRET', undefined],
    ['SMTP_URL', undefined],
    ['PAYPAL_CLIENT_ID', undefined],
    ['PAYPAL_CLIENT_SECRET', undefined],
    ['PAYPAL_WEBHOOK_ID', undefined],
    ['CHECKOUT_SECRET_KEY', undefined],
    ['CHECKOUT_SECRET_KEY', 'sk_sbox_test'],
    ['CHECKOUT_WEBHOOK_SECRET', undefined],
    ['INVOICE_ISSUER_NAME', undefined],
    ['INVOICE_ISSUER_ADDRESS', undefined],
    ['INVOICE_ISSUER_VAT_NUMBER', undefined],
    ['PAYPAL_BASE_URL', 'https://api-m.sandbox.paypal.com'],
    ['PAYPAL_BASE_URL', 'http://127.0.0.1:8301'],
    ['CHECKOUT_BASE_URL', 'https://api.sandbox.checkout.com'],
    ['CHECKOUT_BASE_URL', 'http://localhost:8302'],
    ['AWIN_BASE_URL', 'http://[::1]:9000'],
    ['AWIN_BASE_URL', 'http://0.0.0.0:9000'],
    ['SUPPLIER_WOCK_URL', 'http://127.0.0.1:8311'],
    ['SUPPLIER_CODESWHOLESALE_URL', 'not a url'],
    ['SEED_DEMO_DATA', 'true'],
    ['FAILPOINTS', 'checkout.afterReserve'],
  ])('refuses %s = %s, naming it', (name, value) => {
    const env: Record<string, string | undefined> = { ...PRODUCTION, [name]: value };
    expect(() => loadConfig(env)).toThrow(new RegExp(`^  ${name}: `, 'm'));
  });

  it('names every offender in one message', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' });
    } catch (err) {
      message = (err as Error).message;
    }
    const named = [...message.matchAll(/^ {2}(\w+):/gm)].map((m) => m[1]);
    expect(new Set(named)).toEqual(
      new Set([
        'FIREBASE_SERVICE_ACCOUNT',
        'FIREBASE_PROJECT_ID',
        'FIREBASE_API_KEY',
        'MONGODB_URI',
        'KEY_ENCRYPTION_KEY',
        'PUBLIC_ORIGIN',
        'RECAPTCHA_SECRET',
        'SMTP_URL',
        'PAYPAL_CLIENT_ID',
        'PAYPAL_CLIENT_SECRET',
        'PAYPAL_WEBHOOK_ID',
        'CHECKOUT_SECRET_KEY',
        'CHECKOUT_WEBHOOK_SECRET',
        'INVOICE_ISSUER_NAME',
        'INVOICE_ISSUER_ADDRESS',
        'INVOICE_ISSUER_VAT_NUMBER',
        'SEED_DEMO_DATA',
      ]),
    );
    expect(message).toMatch(/^Invalid configuration \(NODE_ENV=production\):/);
  });

  it('names malformed variables and the rules they break together', () => {
    expect(() =>
      loadConfig({ ...PRODUCTION, PORT: 'eighty', SMTP_URL: 'http://mail', MONGODB_URI: '' }),
    ).toThrow(
      /^ {2}PORT: [\s\S]*^ {2}SMTP_URL: must start with smtp[\s\S]*^ {2}MONGODB_URI: is required/m,
    );
  });

  it("lets staging pay through the real providers' sandboxes, not the local ones", () => {
    const staging = {
      ...PRODUCTION,
      NODE_ENV: 'staging',
      CHECKOUT_SECRET_KEY: 'sk_sbox_test',
      CHECKOUT_BASE_URL: 'https://api.sandbox.checkout.com',
      PAYPAL_BASE_URL: 'https://api-m.sandbox.paypal.com',
    };
    expect(loadConfig(staging).NODE_ENV).toBe('staging');
    expect(() => loadConfig({ ...staging, PAYPAL_BASE_URL: 'http://127.0.0.1:8301' })).toThrow(
      /^ {2}PAYPAL_BASE_URL: /m,
    );
    expect(() => loadConfig({ ...staging, MONGODB_URI: '' })).toThrow(/^ {2}MONGODB_URI: /m);
  });
});
