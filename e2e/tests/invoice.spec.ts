import { expect, test } from '@playwright/test';
import { extractText } from 'unpdf';
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

/** The PDF's text, read with unpdf as the server's tests read it. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await extractText(bytes, { mergePages: true })).text.replace(/\s+/g, ' ');
}

test('after a purchase the buyer finds the invoice in /account, a refund’s credit note beside it, and the admin finds the invoice by number', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const [product] = await productsOnSale(request, 1);
  const email = await freshBuyer(request, 'invoice');
  await page.goto('/login?destination=/account');
  await signInOnLoginPage(page, email);
  const headers = { authorization: `Bearer ${await idToken(request, email)}` };
  const orderId = await buyWithPaypal(page, request, headers, [
    { productId: product!.id, sellerId: product!.sellerId },
  ]);
  const { number } = (await (
    await request.get(`/api/user/orders/${orderId}`, { headers })
  ).json()) as {
    number: string;
  };

  // The order in the account carries its invoice link.
  await page.goto(`/account?order=${orderId}`);
  const link = page.getByRole('link', { name: `Invoice of order ${number}, PDF` });
  await expect(link).toBeVisible();
  await expect(link).toHaveText('Invoice (PDF)');
  const href = await link.getAttribute('href');
  expect(href).toBe(`/api/user/orders/${orderId}/invoice`);

  // What the link answers, fetched in the page as the browser opens it (the session cookie).
  const fetched = await page.evaluate(async (url) => {
    const res = await fetch(url);
    const bytes = new Uint8Array(await res.arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return { status: res.status, type: res.headers.get('content-type'), base64: btoa(binary) };
  }, href!);
  expect(fetched.status).toBe(200);
  expect(fetched.type).toBe('application/pdf');
  const text = await pdfText(Uint8Array.from(Buffer.from(fetched.base64, 'base64')));
  const invoiceNumber = /\b(\d{4}-\d{6})\b/.exec(text)?.[1];
  expect(invoiceNumber, text).toBeTruthy();
  expect(text).toContain(`Invoice ${invoiceNumber}`);
  expect(text).toContain(number);
  expect(text).toContain(product!.name);
  expect(text).toContain(product!.sellerName);

  // A refund: its credit note is listed beside the invoice, and names it.
  const adminHeaders = { authorization: `Bearer ${await idToken(request, 'admin@example.com')}` };
  const refund = await request.post(`/api/admin/orders/${orderId}/refund`, {
    headers: adminHeaders,
    data: { reason: 'Ticket 7731: bought by mistake' },
  });
  expect(refund.status()).toBe(200);
  await page.goto(`/account?order=${orderId}`);
  const note = page.getByRole('link', { name: /^Credit note CN-\d{4}-\d{6} \(PDF\)$/ });
  await expect(note).toBeVisible();
  const noteText = await page.evaluate(
    async (url) => {
      const res = await fetch(url);
      const bytes = new Uint8Array(await res.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    },
    (await note.getAttribute('href'))!,
  );
  const credit = await pdfText(Uint8Array.from(Buffer.from(noteText, 'base64')));
  expect(credit).toContain(`Corrects invoice: ${invoiceNumber}`);
  expect(credit).toContain('Ticket 7731: bought by mistake');

  // The admin finds it by its number under Invoices.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInToAdminConsole(admin);
  await admin.getByRole('menuitem', { name: 'Invoices' }).click();
  await admin.getByPlaceholder('2026-000123').fill(invoiceNumber!);
  const rows = admin.getByRole('row').filter({ hasText: invoiceNumber! });
  await expect(rows).toHaveCount(1);
  await expect(rows.getByText(number)).toBeVisible();
  const download = admin.waitForEvent('download');
  await rows.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe(`invoice-${invoiceNumber}.pdf`);
  await adminContext.close();
});
