/*
 * What the local payment sandboxes (server/src/sandboxes/) accept, offline only: fixed values, not
 * secrets. Here, beside the clients, so a client talks to a sandbox without importing it: the
 * production code never loads a sandbox, which the entry point alone starts.
 */

export const PAYPAL_SANDBOX_CREDENTIALS = {
  clientId: 'sandbox-paypal-client',
  clientSecret: 'sandbox-paypal-secret',
  webhookId: 'WH-LOCAL-SANDBOX',
} as const;

export const CHECKOUT_SANDBOX_CREDENTIALS = {
  secretKey: 'sk_sbox_local-sandbox',
  webhookSecret: 'local-sandbox-webhook-signature-key',
} as const;
