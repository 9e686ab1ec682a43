import { Hono } from 'hono';
import type { Logger } from '../../logger.ts';
import { serveWebhookSandbox, type WebhookSandbox } from '../kit.ts';
import { paypalApi } from './api.ts';
import { paypalDisputesApi } from './disputes-api.ts';
import { paypalPages } from './pages.ts';
import { paypalPayoutsApi } from './payouts-api.ts';
import { openPaypalState } from './state.ts';

export { PAYPAL_SANDBOX_CREDENTIALS } from './state.ts';

/**
 * A local stand-in for PayPal's REST API (Orders v2 subset, Payments v2 refunds, Payouts v1
 * (`payouts-api.ts`: a receiver email containing `fail` fails), OAuth2 client credentials,
 * webhook verification) with the same paths, shapes and status codes, plus the
 * buyer's approval page. State lives in `<dir>/paypal-sandbox.json`, written before each answer.
 *
 * Making a capture fail, either way:
 * - the approval page's "Use a card that will be declined" button approves the order with a
 *   funding source whose capture then answers 422 `INSTRUMENT_DECLINED` (for browser tests);
 * - a `PayPal-Mock-Response: {"mock_application_codes":"INSTRUMENT_DECLINED"}` header on the
 *   capture call, as PayPal's own sandbox supports (any issue code given is answered with 422).
 *
 * The payer: approving as a guest gives a payer id of its own each time; a `login_email` on the
 * approval form stands for a PayPal account, always the same payer id for the same email.
 *
 * Test control (no PayPal API; PayPal's side of a chargeback): `POST /sandbox/captures/:id/reverse`
 * reverses a completed capture and sends the signed `PAYMENT.CAPTURE.REVERSED` webhook;
 * `POST /sandbox/captures/:id/dispute` opens a dispute on it (`disputes-api.ts`).
 */

export type PaypalSandbox = WebhookSandbox;

/** Starts the PayPal sandbox on `port` (0: a free one), its state kept under `dir`. */
export function startPaypalSandbox(opts: {
  port: number;
  dir: string;
  webhookUrl?: string | null;
  webhookId?: string;
  log?: Logger;
}): Promise<PaypalSandbox> {
  const model = openPaypalState(opts);
  const app = new Hono()
    .route('/', paypalApi(model))
    .route('/', paypalPayoutsApi(model))
    .route('/', paypalDisputesApi(model))
    .route('/', paypalPages(model));
  return serveWebhookSandbox(app, model, opts);
}
