import { createHash, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { minorToDecimal } from '../../integrations/payments/amounts.ts';
import { html, sandboxId, sandboxPage, withQuery } from '../kit.ts';
import {
  APPROVED,
  CHECKOUT_TEST_CARDS,
  DECLINED,
  ISSUER_COUNTRY_OF_TEST_CARD,
  type Action,
  type CheckoutModel,
  type HostedPayment,
  type SandboxPayment,
} from './state.ts';

/** The buyer's side: the Hosted Payments Page, where a test card authorises or is declined. */
export function checkoutPages(model: CheckoutModel): Hono {
  const { store, state, now, actionId, emit } = model;
  const app = new Hono();

  /** Where the buyer goes once the page has a payment: success or failure URL. */
  const resultUrl = (hpp: HostedPayment, p: SandboxPayment) =>
    withQuery(p.status === 'Declined' ? hpp.failureUrl : hpp.successUrl, {
      'cko-payment-id': p.id,
    });

  app.get('/page/:id', (c) => {
    const hpp = state.hpps[c.req.param('id')];
    if (!hpp)
      return c.html(sandboxPage('Checkout.com', '<h1>This payment link is not valid</h1>'), 404);
    const paid = hpp.paymentId ? state.payments[hpp.paymentId] : undefined;
    const total = `${html(hpp.currency)} ${html(minorToDecimal(hpp.amount, hpp.currency))}`;
    const body = paid
      ? `<h1>Payment ${paid.status === 'Declined' ? 'declined' : 'received'}</h1>
<p><a href="${html(resultUrl(hpp, paid))}">Return to the shop</a></p>`
      : `<h1>Pay ${total}</h1><p>${html(hpp.description ?? hpp.reference)}</p>
<form method="post" action="/page/${html(hpp.id)}/pay">
<label for="card">Card number</label><input id="card" name="card_number" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242">
<label for="expiry">Expiry date</label><input id="expiry" name="expiry" value="12/30">
<label for="cvv">Security code</label><input id="cvv" name="cvv" value="100">
<button type="submit">Pay</button></form>
<form method="post" action="/page/${html(hpp.id)}/cancel"><button type="submit">Cancel</button></form>
<p><small>Test cards: 4242 4242 4242 4242 approves; 4000 0000 0000 0002 is declined;
4000 0000 0000 0341 is approved but its capture is declined; 4000 0025 0000 0003 (issued in
France) and 4000 0084 0000 0009 (issued in the United States) approve; every other card is issued
in the billing country.</small></p>`;
    return c.html(sandboxPage('Checkout.com — Pay', body));
  });

  app.post('/page/:id/:action{pay|cancel}', async (c) => {
    const hpp = state.hpps[c.req.param('id')];
    if (!hpp)
      return c.html(sandboxPage('Checkout.com', '<h1>This payment link is not valid</h1>'), 404);
    const existing = hpp.paymentId ? state.payments[hpp.paymentId] : undefined;
    // Paying twice (back button, double submit) lands where the first payment did.
    if (existing) return c.redirect(resultUrl(hpp, existing), 303);
    if (c.req.param('action') === 'cancel') return c.redirect(hpp.cancelUrl, 303);
    const form = await c.req.parseBody();
    const card = String(form.card_number ?? '').replace(/\D/g, '');
    const authorised =
      card in ISSUER_COUNTRY_OF_TEST_CARD ||
      card === CHECKOUT_TEST_CARDS.approved ||
      card === CHECKOUT_TEST_CARDS.captureDeclined ||
      card === CHECKOUT_TEST_CARDS.approvedSameCard;
    const result = authorised ? APPROVED : DECLINED;
    const payment: SandboxPayment = {
      id: sandboxId('pay_', 26, true),
      hppId: hpp.id,
      amount: hpp.amount,
      currency: hpp.currency,
      reference: hpp.reference,
      description: hpp.description,
      status: authorised ? 'Authorized' : 'Declined',
      last4: card.slice(-4).padStart(4, '0'),
      bin: card.slice(0, 6).padEnd(6, '0'),
      fingerprint:
        card === CHECKOUT_TEST_CARDS.approved
          ? randomUUID().replace(/-/g, '')
          : createHash('sha256').update(card).digest('hex').slice(0, 32),
      captureDeclines: card === CHECKOUT_TEST_CARDS.captureDeclined,
      ...((ISSUER_COUNTRY_OF_TEST_CARD[card] ?? hpp.billingCountry) && {
        issuerCountry: ISSUER_COUNTRY_OF_TEST_CARD[card] ?? hpp.billingCountry,
      }),
      metadata: hpp.metadata,
      actions: [],
      requestedOn: now(),
    };
    const action: Action = {
      id: actionId(),
      type: 'Authorization',
      amount: hpp.amount,
      approved: authorised,
      responseCode: result.code,
      responseSummary: result.summary,
      processedOn: now(),
    };
    payment.actions.push(action);
    state.payments[payment.id] = payment;
    hpp.paymentId = payment.id;
    emit(authorised ? 'payment_approved' : 'payment_declined', payment, action);
    await store.saveSoon();
    return c.redirect(resultUrl(hpp, payment), 303);
  });

  return app;
}
