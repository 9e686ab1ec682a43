import { Hono } from 'hono';
import type { Logger } from '../../logger.ts';
import { serveWebhookSandbox, type WebhookSandbox } from '../kit.ts';
import { checkoutApi } from './api.ts';
import { checkoutDisputesApi } from './disputes-api.ts';
import { checkoutFilesApi } from './files-api.ts';
import { checkoutPages } from './pages.ts';
import { openCheckoutState } from './state.ts';

export { CHECKOUT_SANDBOX_CREDENTIALS, CHECKOUT_TEST_CARDS } from './state.ts';

/**
 * A local stand-in for Checkout.com's unified payments API: the Hosted Payments Page
 * (`POST /hosted-payments` and the page itself), `GET /payments/{id}` and its actions, captures
 * and refunds, with `Cko-Idempotency-Key`, the real status codes (202 for captures and refunds,
 * 403 when the payment's state forbids the action) and webhooks signed with `Cko-Signature`.
 * State lives in `<dir>/checkout-sandbox.json`, written before each answer.
 *
 * Test cards on the page (prefilled with the first):
 * - 4242 4242 4242 4242: authorised, captures and refunds succeed;
 * - 4000 0000 0000 0002 (or any other number): declined at authorisation (failure URL);
 * - 4000 0000 0000 0341: authorised, but its capture is declined (`payment_capture_declined`);
 * - 4543 4740 0224 9996: authorised like the first, and always the same card (see below);
 * - 4000 0025 0000 0003 and 4000 0084 0000 0009: authorised, issued in France and in the United
 *   States (`source.issuer_country` FR, US); every other card reports the hosted payment's
 *   billing country as its issuer's (the VAT evidence of docs/vat.md).
 *
 * Card fingerprints (`source.fingerprint`): 4242 4242 4242 4242 is the public test card every
 * tester shares, so each payment with it gets a fingerprint of its own (as if each had their own
 * card: velocity screening would otherwise see one card paying for everyone); every other card
 * fingerprints as itself, the same number giving the same fingerprint.
 *
 * Test control (no Checkout.com API; the issuer's side of a chargeback):
 * `POST /sandbox/payments/:id/chargeback` sends the signed `payment_chargeback` webhook of a
 * captured payment; `POST /sandbox/payments/:id/dispute` opens a dispute on it (`disputes-api.ts`).
 */

export type CheckoutSandbox = WebhookSandbox;

/** Starts the Checkout.com sandbox on `port` (0: a free one), its state kept under `dir`. */
export function startCheckoutSandbox(opts: {
  port: number;
  dir: string;
  webhookUrl?: string | null;
  webhookSecret?: string;
  log?: Logger;
}): Promise<CheckoutSandbox> {
  const model = openCheckoutState(opts);
  const app = new Hono()
    .route('/', checkoutApi(model))
    .route('/', checkoutDisputesApi(model))
    .route('/', checkoutFilesApi(model))
    .route('/', checkoutPages(model));
  return serveWebhookSandbox(app, model, opts);
}
