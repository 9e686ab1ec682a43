import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { html, sandboxId, sandboxPage, withQuery } from '../kit.ts';
import type { PaypalModel } from './state.ts';

/**
 * The buyer's side: what https://www.sandbox.paypal.com/checkoutnow shows, and its buttons. The
 * payer's country (reported as `payer.address.country_code`, the VAT evidence of docs/vat.md) is
 * the page's "Country of your PayPal account" field: prefilled with the country the shop sent
 * (`payment_source.paypal.address.country_code`), changed to test evidence that disagrees, and
 * left empty to report none.
 */
export function paypalPages(model: PaypalModel): Hono {
  const { store, state, now, orderView, emit } = model;
  const app = new Hono();

  app.get('/checkoutnow', (c) => {
    const order = state.orders[c.req.query('token') ?? ''];
    if (!order) return c.html(sandboxPage('PayPal', '<h1>This payment was not found</h1>'), 404);
    const { currency_code, value } = order.unit.amount;
    const done = order.status === 'COMPLETED';
    const form = (action: string, inner: string) =>
      `<form method="post" action="/checkoutnow/${action}"><input type="hidden" name="token" value="${html(order.id)}">${inner}</form>`;
    return c.html(
      sandboxPage(
        'PayPal Checkout',
        `<h1>PayPal</h1><p>${html(order.unit.description ?? 'Your order')}</p>
<p>Total <strong>${html(currency_code)} ${html(value)}</strong></p>
${
  done
    ? '<p>This payment is complete.</p>'
    : form(
        'approve',
        `<label for="login_email">PayPal account email (empty: pay as a guest)</label>
<input id="login_email" name="login_email" type="email" autocomplete="email">
<label for="country">Country of your PayPal account</label>
<input id="country" name="country" autocomplete="country" value="${html(order.countryHint ?? '')}">
<button type="submit" name="funding" value="balance">Pay now</button>
<button type="submit" name="funding" value="declined-card">Use a card that will be declined</button>`,
      ) + form('cancel', '<button type="submit">Cancel and return to the shop</button>')
}`,
      ),
    );
  });

  app.post('/checkoutnow/:action{approve|cancel}', async (c) => {
    const form = await c.req.parseBody();
    const order = state.orders[typeof form.token === 'string' ? form.token : ''];
    if (!order) return c.html(sandboxPage('PayPal', '<h1>This payment was not found</h1>'), 404);
    if (c.req.param('action') === 'cancel') {
      if (!order.cancelUrl) return c.html(sandboxPage('PayPal', '<h1>Payment cancelled</h1>'));
      return c.redirect(withQuery(order.cancelUrl, { token: order.id }), 303);
    }
    if (
      order.status === 'CREATED' ||
      order.status === 'PAYER_ACTION_REQUIRED' ||
      order.status === 'APPROVED'
    ) {
      const email = typeof form.login_email === 'string' ? form.login_email.trim() : '';
      if (email) {
        // One account, one payer id (PayPal's are 13 characters of upper-case letters and digits).
        order.payerId = createHash('sha256')
          .update(email.toLowerCase())
          .digest('hex')
          .slice(0, 13)
          .toUpperCase();
        order.payerEmail = email;
      }
      order.payerId ??= sandboxId('', 13);
      const country = typeof form.country === 'string' ? form.country.trim().toUpperCase() : '';
      if (/^[A-Z]{2}$/.test(country)) order.payerCountry = country;
      else delete order.payerCountry;
      order.declinedFunding = form.funding === 'declined-card';
      if (order.status !== 'APPROVED') {
        order.status = 'APPROVED';
        order.updateTime = now();
        emit(
          'CHECKOUT.ORDER.APPROVED',
          'checkout-order',
          orderView(order),
          `An order has been approved by buyer`,
        );
      }
      await store.saveSoon();
    }
    // A second visit (browser back, double click) lands on the same return URL.
    if (!order.returnUrl) return c.html(sandboxPage('PayPal', '<h1>Payment approved</h1>'));
    return c.redirect(
      withQuery(order.returnUrl, { token: order.id, PayerID: order.payerId ?? '' }),
      303,
    );
  });

  return app;
}
