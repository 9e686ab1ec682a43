import { expect, test } from '@playwright/test';
import {
  asClient,
  buyWithPaypal,
  DEMO_SELLER,
  freshBuyer,
  idToken,
  productsOnSale,
  signInOnLoginPage,
  signInToSellerConsole,
} from './support.ts';

test.use(asClient());

test('a buyer and a seller exchange messages on an order', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const product = (await productsOnSale(request, 1, { sellerId: DEMO_SELLER }))[0]!;

  // The buyer pays for a key and opens the order in /account.
  const email = await freshBuyer(request, 'chat');
  await page.goto('/login?destination=/account');
  await signInOnLoginPage(page, email);
  const headers = { authorization: `Bearer ${await idToken(request, email)}` };
  const orderId = await buyWithPaypal(page, request, headers, [
    { productId: product.id, sellerId: product.sellerId },
  ]);
  const order = (await (await request.get(`/api/user/orders/${orderId}`, { headers })).json()) as {
    number: string;
  };

  // From the order, the buyer writes to its seller.
  await page.goto(`/account?order=${orderId}`);
  const thread = page.getByRole('region', { name: `Messages with ${product.sellerName}` });
  await expect(thread.getByText('No messages yet.', { exact: false })).toBeVisible();
  await thread.getByLabel(`Message to ${product.sellerName}`).fill('Is this key for Europe?');
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByText('Is this key for Europe?')).toBeVisible();

  // The seller finds the unread conversation in the console and answers it.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signInToSellerConsole(seller, (p) => p.getByRole('menuitem', { name: /^Messages/ }));
  // The menu counts the conversations waiting for an answer.
  await expect(seller.getByTestId('unread-conversations')).toContainText(/[1-9]/);
  await seller.getByRole('menuitem', { name: /^Messages/ }).click();
  await seller.getByRole('row').filter({ hasText: order.number }).click();
  await expect(seller.getByText('Is this key for Europe?')).toBeVisible();
  await seller.getByLabel('Your message').fill('Yes, it activates anywhere in the EU.');
  await seller.getByRole('button', { name: 'Send' }).click();
  await expect(seller.getByText('Yes, it activates anywhere in the EU.')).toBeVisible();
  await sellerContext.close();

  // The buyer's open order shows the answer without a reload (it polls).
  await expect(thread.getByText('Yes, it activates anywhere in the EU.')).toBeVisible({
    timeout: 20_000,
  });
});
