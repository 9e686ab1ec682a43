import { expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config.ts';
import { sandboxedProviders } from './payment-providers.ts';
import { STAGING_ENV } from '../../../test/deployment-env.ts';

const STAGING = loadConfig(STAGING_ENV);

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
