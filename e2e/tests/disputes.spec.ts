import { expect, test } from '@playwright/test';
import {
  asClient,
  buyWithPaypal,
  freshBuyer,
  idToken,
  productsOnSale,
  revealFirstKey,
  signInOnLoginPage,
  signInToAdminConsole,
} from './support.ts';

test.use(asClient());

/** PayPal's sandbox the marketplace under test started (PAYMENT_SANDBOX_PORT, playwright.config.ts). */
const PAYPAL_SANDBOX = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8091) + 200}`;

test('a buyer disputes a paid order they revealed, the shop answers with evidence and the admin sees it won', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const [product] = await productsOnSale(request, 1);
  const email = await freshBuyer(request, 'dispute');

  // The buyer pays with PayPal and reveals the key, waiving the right of withdrawal.
  await page.goto('/login?destination=/account');
  await signInOnLoginPage(page, email);
  const headers = { authorization: `Bearer ${await idToken(request, email)}` };
  const orderId = await buyWithPaypal(page, request, headers, [
    { productId: product!.id, sellerId: product!.sellerId },
  ]);
  await revealFirstKey(page, product!.name);

  // The buyer's bank disputes the payment: PayPal's sandbox opens the dispute on the capture.
  const adminHeaders = { authorization: `Bearer ${await idToken(request, 'admin@example.com')}` };
  const order = (await (
    await request.get(`/api/admin/orders/${orderId}`, { headers: adminHeaders })
  ).json()) as {
    number: string;
    payment: { captureId: string };
    tax: { evidence: { billing: string; payment: string | null } };
  };
  const opened = await request.post(
    `${PAYPAL_SANDBOX}/sandbox/captures/${order.payment.captureId}/dispute`,
    { data: { reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED' } },
  );
  expect(opened.status()).toBe(201);
  const { dispute_id: disputeId } = (await opened.json()) as { dispute_id: string };

  // The shop sends its evidence and PayPal decides, through their webhooks and APIs alone.
  await expect
    .poll(
      async () => {
        const res = await request.get(
          `/api/admin/disputes/${encodeURIComponent(`paypal:${disputeId}`)}`,
          { headers: adminHeaders },
        );
        return res.ok() ? ((await res.json()) as { status: string }).status : res.status();
      },
      { timeout: 30_000 },
    )
    .toBe('won');

  // In the admin console: the dispute listed as won, its page showing what was sent.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInToAdminConsole(admin);
  await admin.getByRole('menuitem', { name: 'Disputes' }).click();
  const row = admin.getByRole('row').filter({ hasText: order.number });
  await expect(row.getByText('Won', { exact: true })).toBeVisible();
  await expect(row.getByText('paypal')).toBeVisible();
  await row.click();
  await expect(admin.getByText(disputeId, { exact: true })).toBeVisible();
  await expect(admin.getByText(/RESOLVED_SELLER_FAVOUR/)).toBeVisible();
  const evidence = admin.getByRole('region', { name: 'Delivery' });
  await expect(evidence.getByText(/revealed/)).toBeVisible();
  await expect(evidence.getByText(/withdrawal waived/)).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Buyer account' }).getByText(email)).toBeVisible();
  // Where the buyer said they live and where the PayPal account is (no address country offline).
  const { billing, payment } = order.tax.evidence;
  await expect(
    admin
      .getByRole('region', { name: 'Order' })
      .getByText(`Countries (billing, payment, address): ${billing} · ${payment ?? '—'} · —`),
  ).toBeVisible();
  // The order's invoice went with the text, as a PDF file.
  const { invoice } = (await (
    await request.get(`/api/user/orders/${orderId}/invoices`, { headers })
  ).json()) as { invoice: string };
  await expect(admin.getByText(`Files sent: Invoice ${invoice} (PDF)`)).toBeVisible();
  await expect(admin.getByText(/^Key revealed at: /m)).toBeVisible();
  await expect(admin.getByText(/^Withdrawal waiver accepted at: /m)).toBeVisible();
  await adminContext.close();
});
