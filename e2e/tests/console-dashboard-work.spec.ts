import { expect, test } from '@playwright/test';
import { asClient, freshBuyer, idToken, productsOnSale, signInToAdminConsole } from './support.ts';

// The buyer's orders come from an address of their own: screening counts orders per address.
test.use(asClient());

/**
 * Issue 24, item 5: the admin console opens on the work waiting. A buyer's fourth order within
 * the hour is held for review by screening (more than the soft velocity limit of three); the
 * admin's dashboard counts it among the orders in review, and the count opens the orders list
 * filtered to them, where the order is and opens.
 */
test('an admin’s dashboard lists an order in review and its link opens it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = await freshBuyer(request, 'review-queue');
  const headers = { authorization: `Bearer ${await idToken(request, email)}` };
  const [offer] = await productsOnSale(request, 1);
  const line = { productId: offer!.id, sellerId: offer!.sellerId };

  // Three checkouts cancelled unpaid (each placed an order, which screening counts: a buyer
  // may hold only so many unpaid ones), then a fourth, paid.
  let orderId = '';
  let approvalUrl = '';
  for (let i = 0; i < 4; i++) {
    const cart = await request.post('/api/cart/addToCart', {
      headers,
      data: { transactionId: `${Date.now().toString(36)}${i}`, products: [line] },
    });
    expect(cart.status()).toBe(200);
    const checkout = await request.post('/api/user/checkout', {
      headers,
      data: { provider: 'paypal', currency: 'eur', locale: 'en' },
    });
    expect(checkout.status(), await checkout.text()).toBe(201);
    ({ orderId, approvalUrl } = (await checkout.json()) as {
      orderId: string;
      approvalUrl: string;
    });
    if (i < 3) {
      const cancel = await request.post(`/api/user/checkout/${orderId}/complete`, {
        headers,
        data: { cancelled: true },
      });
      expect(cancel.status()).toBe(200);
    }
  }
  await page.goto(approvalUrl);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/checkout\/complete\?order=[0-9a-f]{24}(&|$)/);
  let number = '';
  await expect(async () => {
    const res = await request.get(`/api/user/orders/${orderId}`, { headers });
    const order = (await res.json()) as { number: string; status: string };
    expect(order.status).toBe('review');
    number = order.number;
  }).toPass({ timeout: 15_000 });

  await page.context().clearCookies();
  await signInToAdminConsole(page);
  const queue = page.getByRole('link', { name: /^Orders in review: \d+$/ });
  await expect(queue).toBeVisible();
  const count = Number((await queue.textContent())?.trim());
  expect(count).toBeGreaterThanOrEqual(1);
  await queue.click();

  // The orders list, filtered to those in review, oldest first: this order is among them.
  await expect(page).toHaveURL(/\/admin\/orders\?/);
  const url = new URL(page.url());
  expect(JSON.parse(url.searchParams.get('filter') ?? '{}')).toEqual({ status: 'review' });
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toBeVisible();
  await expect(row.getByText('In review')).toBeVisible();
  await row.getByText(number).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}/show$`));
  await expect(page.getByText(number).first()).toBeVisible();
});
