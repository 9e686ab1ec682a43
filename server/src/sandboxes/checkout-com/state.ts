import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { CHECKOUT_SANDBOX_CREDENTIALS } from '../../integrations/payments/sandbox-credentials.ts';
import type { Logger } from '../../logger.ts';
import { ckoSignature } from '../../integrations/payments/checkout-com/cko-signature.ts';
import { openSandboxState, sandboxId, type PendingWebhook } from '../kit.ts';

/*
 * The Checkout.com sandbox's state (`<dir>/checkout-sandbox.json`, saved before each answer) and
 * the views and signed webhooks built from it, as Checkout.com shapes them.
 */

// The client's side knows them too, without importing the sandbox (integrations/payments).
export { CHECKOUT_SANDBOX_CREDENTIALS };

export const CHECKOUT_TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  captureDeclined: '4000000000000341',
  approvedSameCard: '4543474002249996',
  /** Authorised; issued in France and in the United States (`source.issuer_country`). */
  issuedInFrance: '4000002500000003',
  issuedInUnitedStates: '4000008400000009',
} as const;

/**
 * The country each test card was issued in (`source.issuer_country`, VAT evidence, docs/vat.md):
 * these two name theirs; every other card was issued where the payment's billing address is
 * (`billing.address.country` of the hosted payment), as a buyer's own bank card would be.
 */
export const ISSUER_COUNTRY_OF_TEST_CARD: Record<string, string> = {
  [CHECKOUT_TEST_CARDS.issuedInFrance]: 'FR',
  [CHECKOUT_TEST_CARDS.issuedInUnitedStates]: 'US',
};

export type Action = {
  id: string;
  type: 'Authorization' | 'Capture' | 'Refund';
  amount: number;
  approved: boolean;
  responseCode: string;
  responseSummary: string;
  reference?: string;
  processedOn: string;
};

export type PaymentStatusName =
  'Authorized' | 'Declined' | 'Captured' | 'Partially Captured' | 'Partially Refunded' | 'Refunded';

export type SandboxPayment = {
  id: string;
  hppId: string;
  amount: number;
  currency: string;
  reference: string;
  description?: string;
  status: PaymentStatusName;
  last4: string;
  bin: string;
  fingerprint: string;
  /** `source.issuer_country` (ISO alpha-2). */
  issuerCountry?: string;
  captureDeclines: boolean;
  /** The issuer took the money back: reported once. */
  chargedBack?: boolean;
  metadata: Record<string, unknown>;
  actions: Action[];
  requestedOn: string;
};

export type HostedPayment = {
  id: string;
  amount: number;
  currency: string;
  reference: string;
  description?: string;
  successUrl: string;
  cancelUrl: string;
  failureUrl: string;
  metadata: Record<string, unknown>;
  /** `billing.address.country`: where the test cards without a country of their own were issued. */
  billingCountry?: string;
  paymentId: string | null;
  createdOn: string;
};

export type CheckoutState = {
  hpps: Record<string, HostedPayment>;
  payments: Record<string, SandboxPayment>;
  /** `Cko-Idempotency-Key` of a call that succeeded → its answer, replayed as is. */
  requests: Record<string, { status: 202; body: unknown }>;
  pendingWebhooks: PendingWebhook[];
};

export const APPROVED = { code: '10000', summary: 'Approved' };
export const DECLINED = { code: '20005', summary: 'Declined - Do not honour' };

/** Opens the sandbox's state under `dir` and what the routes and pages build from it. */
export function openCheckoutState(opts: { dir: string; webhookSecret?: string; log?: Logger }) {
  const { store, state, sender } = openSandboxState<CheckoutState>(
    path.join(opts.dir, 'checkout-sandbox.json'),
    () => ({ hpps: {}, payments: {}, requests: {}, pendingWebhooks: [] }),
    opts.log,
  );
  const webhookSecret = opts.webhookSecret ?? CHECKOUT_SANDBOX_CREDENTIALS.webhookSecret;
  /** The sandbox's own origin, known once it listens: links in answers point at it. */
  let base = '';
  const now = () => new Date().toISOString();
  const actionId = () => sandboxId('act_', 26, true);

  const sum = (p: SandboxPayment, type: Action['type']) =>
    p.actions.filter((a) => a.type === type && a.approved).reduce((s, a) => s + a.amount, 0);

  const paymentView = (p: SandboxPayment) => {
    const authorized = sum(p, 'Authorization');
    const captured = sum(p, 'Capture');
    const refunded = sum(p, 'Refund');
    const capturable = p.status === 'Authorized' ? authorized - captured : 0;
    return {
      id: p.id,
      requested_on: p.requestedOn,
      source: {
        type: 'card',
        scheme: 'Visa',
        last4: p.last4,
        bin: p.bin,
        expiry_month: 12,
        expiry_year: 2030,
        fingerprint: p.fingerprint,
        ...(p.issuerCountry && { issuer_country: p.issuerCountry }),
      },
      amount: p.amount,
      currency: p.currency,
      payment_type: 'Regular',
      reference: p.reference,
      description: p.description,
      status: p.status,
      approved: p.status !== 'Declined',
      balances: {
        total_authorized: authorized,
        total_voided: 0,
        available_to_void: capturable,
        total_captured: captured,
        available_to_capture: capturable,
        total_refunded: refunded,
        available_to_refund: captured - refunded,
      },
      metadata: p.metadata,
      _links: {
        self: { href: `${base}/payments/${p.id}` },
        actions: { href: `${base}/payments/${p.id}/actions` },
        ...(capturable ? { capture: { href: `${base}/payments/${p.id}/captures` } } : {}),
        ...(captured - refunded > 0
          ? { refund: { href: `${base}/payments/${p.id}/refunds` } }
          : {}),
      },
    };
  };

  const hppView = (h: HostedPayment) => ({
    id: h.id,
    status: h.paymentId ? 'Payment Received' : 'Payment Pending',
    ...(h.paymentId ? { payment_id: h.paymentId } : {}),
    amount: h.amount,
    currency: h.currency,
    reference: h.reference,
    description: h.description,
    success_url: h.successUrl,
    cancel_url: h.cancelUrl,
    failure_url: h.failureUrl,
    metadata: h.metadata,
    created_on: h.createdOn,
    _links: {
      self: { href: `${base}/hosted-payments/${h.id}` },
      redirect: { href: `${base}/page/${h.id}` },
      ...(h.paymentId ? { payment: { href: `${base}/payments/${h.paymentId}` } } : {}),
    },
  });

  /**
   * Queues a signed webhook event in Checkout.com's envelope around `data` (payments' and
   * disputes' events alike; the caller saves the state).
   */
  const emitEvent = (type: string, data: object, links: Record<string, { href: string }>) => {
    const body = JSON.stringify({
      id: sandboxId('evt_', 26, true),
      type,
      version: '1.0.33',
      created_on: now(),
      data,
      _links: links,
    });
    sender.enqueue({
      id: randomUUID(),
      body,
      attempts: 0,
      headers: { 'cko-signature': ckoSignature(body, webhookSecret) },
    });
  };

  /** Queues a signed webhook about `p` and one of its actions (the caller saves the state). */
  const emit = (type: string, p: SandboxPayment, action: Action) =>
    emitEvent(
      type,
      {
        id: p.id,
        action_id: action.id,
        reference: p.reference,
        amount: action.amount,
        currency: p.currency,
        response_code: action.responseCode,
        response_summary: action.responseSummary,
        processed_on: action.processedOn,
        metadata: p.metadata,
      },
      {
        self: { href: `${base}/workflows/events/${action.id}` },
        payment: { href: `${base}/payments/${p.id}` },
      },
    );

  return {
    store,
    state,
    sender,
    now,
    actionId,
    sum,
    paymentView,
    hppView,
    emit,
    emitEvent,
    /** The sandbox's origin, for links the routes build themselves. */
    base: () => base,
    setBase(url: string) {
      base = url;
    },
  };
}

export type CheckoutModel = ReturnType<typeof openCheckoutState>;
