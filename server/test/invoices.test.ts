import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { ObjectId } from 'mongodb';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminInvoiceSchema, OrderInvoicesSchema, type AdminInvoice } from '@market/shared';
import { createInvoiceRepository } from '../src/modules/invoices/invoices.repository.ts';
import { createInvoiceService } from '../src/modules/invoices/invoices.service.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import type { OutboxDoc } from '../src/modules/outbox/outbox.repository.ts';
import type { UserDoc } from '../src/modules/users/users.repository.ts';
import { buyerWith, paidWithPaypal, settledOrder } from './checkout-fixtures.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

/**
 * Invoices and credit notes as the buyer and the admin meet them: a paid order's invoice from a
 * gapless yearly series, its PDF's text (numbers, the sellers' trader details, VAT per line), a
 * credit note for a refund, nobody else's documents, and numbers that stay consecutive when two
 * instances issue at once. Real server, sandboxes and PDFs read back with unpdf.
 */

let t: TestServer;
let seller: TestAccount;
let admin: TestAccount;
const SELLER_ADDRESS = 'Rue de la Loi 16, 1000 Bruxelles, Belgique';

/** An SMTP server that takes every message (RFC 5321's happy path) and keeps it. */
const received: string[] = [];
const smtp = net.createServer((socket) => {
  let data: string | null = null;
  let buffer = '';
  socket.write('220 test ESMTP\r\n');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    let nl: number;
    while ((nl = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 2);
      if (data !== null) {
        if (line === '.') {
          received.push(data);
          data = null;
          socket.write('250 queued\r\n');
        } else data += `${line}\n`;
      } else if (/^DATA/i.test(line)) {
        data = '';
        socket.write('354 go ahead\r\n');
      } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
      else socket.write('250 ok\r\n');
    }
  });
  socket.on('error', () => undefined);
});

/** The PDF a received message to `to` carries under `filename` (base64 in its MIME part). */
function attachedPdf(to: string, filename: string): Uint8Array | null {
  const message = received.find((m) => m.includes(`To: ${to}`) && m.includes(filename));
  if (!message) return null;
  const part = message.slice(message.indexOf(filename));
  const body = part.slice(part.indexOf('\n\n') + 2);
  return Buffer.from(body.slice(0, body.indexOf('\n--')).replace(/\s+/g, ''), 'base64');
}

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.address() as AddressInfo).port}`;
  t = await startTestServer({ env: { TRUST_PROXY: 'true', SMTP_URL: smtpUrl } });
  [seller, admin] = await Promise.all([t.account('seller'), t.account('admin')]);
  // The approved trader details every line prints (DSA art. 30).
  await t.db
    .collection<{ _id: string }>('sellers')
    .updateOne({ _id: seller.sellerId! }, { $set: { address: SELLER_ADDRESS } });
});
afterAll(async () => {
  await t.close();
  smtp.close();
});

const textOf = async (res: Response) => {
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const { text } = await extractText(new Uint8Array(await res.arrayBuffer()), { mergePages: true });
  // pdfkit lays words out one run at a time: compare with single spaces.
  return text.replace(/\s+/g, ' ');
};

/**
 * A fresh buyer who paid for two lines (2 units at 12.20 and 1 at 5.00 €) and got them; with
 * `profile`, an account of that name and language (else none: English, named by the email).
 */
async function paidOrder(profile?: Pick<UserDoc, 'name' | 'surname' | 'locale'>) {
  const [a, b] = await Promise.all([newProduct(t.db, {}), newProduct(t.db, {})]);
  const offerA = await sell(t, seller, a, { eur: 1220, usd: 1220, gbp: 1220 });
  const offerB = await sell(t, seller, b, { eur: 500, usd: 500, gbp: 500 });
  await uploadKeys(t, seller, offerA.id, freshCodes(2));
  await uploadKeys(t, seller, offerB.id, freshCodes(1));
  const buyer = await buyerWith(t, seller, [
    { productId: a, quantity: 2 },
    { productId: b, quantity: 1 },
  ]);
  if (profile) {
    // The buyer's profile in their language, as the sign-up writes it.
    await t.db.collection<UserDoc>('users').insertOne({
      ...{ _id: buyer.uid, email: buyer.email, image: null, role: 'user', sellerId: null },
      ...{ blocked: false, emailVerified: true, loginMethod: 'password', referrer: null },
      ...{ marketingConsent: false, createdAt: new Date(), lastSignInAt: null },
      ...profile,
    });
  }
  const orderId = await paidWithPaypal(t, buyer);
  const order = await settledOrder(t, buyer, orderId);
  expect(order.status).toBe('approved');
  return { buyer, order };
}

const admins = () => raClient(t.url, 'admin', admin.token);
async function invoiceOfOrder(orderId: string): Promise<AdminInvoice> {
  const { data } = await admins().getList('invoices', {
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'issuedAt', order: 'DESC' },
    filter: { orderId, kind: 'invoice' },
  });
  expect(data).toHaveLength(1);
  return AdminInvoiceSchema.parse(data[0]);
}

describe('invoices', () => {
  it('issues a paid order an invoice whose PDF names the numbers, the sellers and the VAT of each line', async () => {
    const { buyer, order } = await paidOrder();
    const invoice = await invoiceOfOrder(order.id);
    const year = new Date().getUTCFullYear();
    expect(invoice.number).toMatch(new RegExp(`^${year}-\\d{6}$`));
    expect(invoice.totalCents).toBe(order.totals.total);

    const text = await textOf(
      await t.call('GET', `/api/user/orders/${order.id}/invoice`, { token: buyer.token }),
    );
    expect(text).toContain(invoice.number);
    expect(text).toContain(order.number);
    // The marketplace as the issuer, each line's seller with their trader details.
    expect(text).toContain('IT00000000000');
    expect(text).toContain(`${seller.sellerId} Ltd`);
    expect(text).toContain('IT01234567890');
    expect(text).toContain(SELLER_ADDRESS);
    // 24.40 € at 22 % holds 4.40 € of VAT; 5.00 € holds 0.90 €; together 5.30 €.
    expect(text).toMatch(/22% €4\.40 €24\.40/);
    expect(text).toMatch(/22% €0\.90 €5\.00/);
    expect(text).toContain('€5.30');
    expect(text).toContain('€29.40');

    // The delivery mail carries it (the outbox keeps a reference, rendered when sent): the
    // same bytes as the download, rendered from the same stored document.
    const mail = await t.db
      .collection<OutboxDoc>('outbox')
      .findOne({ key: `order-delivered:${order.id}` });
    expect(mail?.attachments?.map((a) => a.filename)).toEqual([`invoice-${invoice.number}.pdf`]);
    expect(mail?.text).toContain(`Your invoice ${invoice.number} is attached (PDF).`);
    const attached = attachedPdf(buyer.email, `invoice-${invoice.number}.pdf`);
    expect(attached, 'the delivery mail as SMTP received it').not.toBeNull();
    const again = await t.call('GET', `/api/user/orders/${order.id}/invoice`, {
      token: buyer.token,
    });
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(attached!))).toBe(true);
  });

  it('writes the invoice in the buyer’s language', async () => {
    const { buyer, order } = await paidOrder({ name: 'Giulia', surname: 'Bianchi', locale: 'it' });
    const invoice = await invoiceOfOrder(order.id);
    const text = await textOf(
      await t.call('GET', `/api/user/orders/${order.id}/invoice`, { token: buyer.token }),
    );
    expect(text).toContain(`Fattura ${invoice.number}`);
    expect(text).toContain('Giulia Bianchi');
    expect(text).toContain('Partita IVA: IT00000000000');
    expect(text).toMatch(/Totale pagato 29,40\s?€/);
    const mail = await t.db
      .collection<OutboxDoc>('outbox')
      .findOne({ key: `order-delivered:${order.id}` });
    expect(mail?.text).toContain(`In allegato la fattura ${invoice.number} (PDF).`);
  });

  it('numbers invoices one after the other, and a refund gets a credit note that refers to its invoice', async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const [a, b] = await Promise.all([
      invoiceOfOrder(first.order.id),
      invoiceOfOrder(second.order.id),
    ]);
    expect(Number(b.number.slice(5)) - Number(a.number.slice(5))).toBe(1);

    // The admin refunds the first line (2 × 12.20 €).
    const item = second.order.items[0]!;
    const refunded = await t.call('POST', `/api/admin/orders/${second.order.id}/refund`, {
      token: admin.token,
      body: { itemId: item.id, reason: 'Key did not activate' },
    });
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    const docs = OrderInvoicesSchema.parse(
      await (
        await t.call('GET', `/api/user/orders/${second.order.id}/invoices`, {
          token: second.buyer.token,
        })
      ).json(),
    );
    expect(docs.invoice).toBe(b.number);
    expect(docs.creditNotes).toHaveLength(1);
    const note = docs.creditNotes[0]!;
    expect(note).toMatch(new RegExp(`^CN-${new Date().getUTCFullYear()}-\\d{6}$`));
    const text = await textOf(
      await t.call('GET', `/api/user/orders/${second.order.id}/credit-notes/${note}`, {
        token: second.buyer.token,
      }),
    );
    expect(text).toContain(note);
    expect(text).toContain(b.number);
    expect(text).toContain('Key did not activate');
    expect(text).toMatch(/22% €4\.40 €24\.40/);
    expect(text).not.toContain('€5.00');
    // The refund's mail carries the credit note.
    const mails = await t.db
      .collection<OutboxDoc>('outbox')
      .find({ to: second.buyer.email, kind: 'refund-issued' })
      .toArray();
    expect(mails.flatMap((m) => m.attachments ?? []).map((a) => a.filename)).toEqual([
      `credit-note-${note}.pdf`,
    ]);
  });

  it('shows nobody else a buyer’s invoice (404, as for an order that does not exist)', async () => {
    const { order } = await paidOrder();
    const stranger = await t.account('user');
    for (const path of [
      `/api/user/orders/${order.id}/invoice`,
      `/api/user/orders/${order.id}/invoices`,
      `/api/user/orders/${new ObjectId().toHexString()}/invoice`,
    ]) {
      expect((await t.call('GET', path, { token: stranger.token })).status).toBe(404);
    }
  });

  it('lets the admin find a document by its number and download its PDF', async () => {
    const { order } = await paidOrder();
    const invoice = await invoiceOfOrder(order.id);
    const { data } = await admins().getList('invoices', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'issuedAt', order: 'DESC' },
      filter: { q: invoice.number },
    });
    expect(data.map((d) => d.number)).toEqual([invoice.number]);
    const notes = await admins().getList('invoices', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'issuedAt', order: 'DESC' },
      filter: { kind: 'credit_note' },
    });
    expect(notes.data.every((d) => (d.number as string).startsWith('CN-'))).toBe(true);
    const text = await textOf(await t.call('GET', invoice.pdfUrl, { token: admin.token }));
    expect(text).toContain(invoice.number);
    const buyer = await t.account('user');
    expect((await t.call('GET', invoice.pdfUrl, { token: buyer.token })).status).toBe(403);
  });

  it('keeps the series gapless when two instances issue invoices for the same orders at once', async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, () => paidOrder()));
    const ids = orders.map((o) => new ObjectId(o.order.id));
    // Their invoices gone, as if paid before invoices existed; two instances (two services: two
    // in-process queues, one database) issue them at once, in a year of their own.
    await t.db.collection('invoices').deleteMany({ orderId: { $in: ids }, kind: 'invoice' });
    const docs = await t.db
      .collection<OrderDoc>('orders')
      .find({ _id: { $in: ids } })
      .toArray();
    const instance = () =>
      createInvoiceService({
        invoices: createInvoiceRepository(t.db),
        orders: t.container.orders,
        users: t.container.users,
        sellers: t.container.sellers,
        issuer: t.container.deps.invoiceIssuer,
        clock: () => new Date('2031-06-01T10:00:00Z'),
      });
    const [one, two] = [instance(), instance()];
    // Each instance issues every order, in opposite orders: they race for numbers (different
    // orders at once) and for orders (the same order from both).
    const issued = await Promise.all([
      ...docs.map((d) => one.issueFor(d)),
      ...docs.toReversed().map((d) => two.issueFor(d)),
    ]);
    // One invoice per order, whichever instance issued it, numbered 1..6 without a gap.
    expect(new Set(issued.map((d) => d!.number)).size).toBe(docs.length);
    expect((await one.seqsOf('2031')).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
