import { expect, test } from '@playwright/test';
import {
  asClient,
  buyWithPaypal,
  freshBuyer,
  idToken,
  productsOnSale,
  signInOnLoginPage,
  signInToAdminConsole,
} from './support.ts';

test.use(asClient());

test('an admin refunds one line of an order and the buyer sees that line refunded', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const [refunded, kept] = await productsOnSale(request, 2);
  const email = await freshBuyer(request, 'refund');

  // The buyer is signed in; the order is placed through the API and paid on PayPal's page.
  await page.goto('/login?destination=/account');
  await signInOnLoginPage(page, email);
  const headers = { authorization: `Bearer ${await idToken(request, email)}` };
  const orderId = await buyWithPaypal(
    page,
    request,
    headers,
    [refunded!, kept!].map((p) => ({ productId: p.id, sellerId: p.sellerId })),
  );
  const order = await request.get(`/api/user/orders/${orderId}`, { headers });
  const { number } = (await order.json()) as { number: string };

  // The admin refunds one line, giving a reason.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInToAdminConsole(admin);
  await admin.getByRole('menuitem', { name: 'Orders', exact: true }).click();
  await admin.getByRole('row').filter({ hasText: number }).click();
  await admin
    .getByRole('row')
    .filter({ hasText: refunded!.name })
    .getByRole('button', { name: 'Refund line' })
    .click();
  const dialog = admin.getByRole('dialog', {
    name: `Refund ${refunded!.name} of order ${number}?`,
  });
  await dialog.getByLabel(/^Reason/).fill('Ticket 4521: the key was refused');
  await dialog.getByRole('button', { name: 'Refund line' }).click();
  await expect(admin.getByText('Refund sent')).toBeVisible();
  await expect(
    admin
      .getByRole('row')
      .filter({ hasText: kept!.name })
      .getByRole('button', { name: 'Refund line' }),
  ).toBeVisible();
  await expect(
    admin
      .getByRole('row')
      .filter({ hasText: refunded!.name })
      .getByRole('button', { name: 'Refund line' }),
  ).toHaveCount(0);
  await adminContext.close();

  // In the buyer's account that line is refunded, its key with it; the other line is untouched.
  await page.goto(`/account?order=${orderId}`);
  const lines = page.locator('.order-lines > li');
  const refundedLine = lines.filter({ hasText: refunded!.name });
  await expect(refundedLine.getByText(/^Refunded: /)).toBeVisible();
  await expect(refundedLine.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(refundedLine.getByRole('button', { name: /^Reveal key/ })).toHaveCount(0);
  const keptLine = lines.filter({ hasText: kept!.name });
  await expect(keptLine.getByText(/^Refunded: /)).toHaveCount(0);
  await expect(
    keptLine.getByRole('button', { name: `Reveal key 1 of ${kept!.name}` }),
  ).toBeVisible();
});
