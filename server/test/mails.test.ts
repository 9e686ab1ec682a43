import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxMailSchema, type Order } from '@market/shared';
import { FRAUD_DEFAULTS } from '../src/modules/fraud/fraud-rules.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import type { OrderService } from '../src/modules/orders/orders.service.ts';
import type { OutboxDoc } from '../src/modules/outbox/outbox.repository.ts';
import { serviceContainer, placeDirectly, recordCapture } from './checkout-fixtures.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

let t: TestServer;
let seller: TestAccount;
let buyer: TestAccount;
let admin: TestAccount;
let service: OrderService;

beforeAll(async () => {
  t = await startTestServer();
  [seller, buyer, admin] = await Promise.all([
    t.account('seller'),
    t.account('user'),
    t.account('admin'),
  ]);
  service = serviceContainer(t, {
    fraud: { ...FRAUD_DEFAULTS, velocitySoftLimit: 1000, velocityHardLimit: 1000 },
  }).orderService;
  // The buyer signs in (their profile is made) and chooses Italian in their account.
  expect((await t.call('POST', '/api/login', { token: buyer.token })).ok).toBe(true);
  const res = await t.call('POST', '/api/user/account/update', {
    token: buyer.token,
    body: { locale: 'it' },
  });
  expect(res.status).toBe(200);
});
afterAll(() => t.close());

const mailsTo = (email: string, kind?: OutboxDoc['kind']) =>
  t.db
    .collection<OutboxDoc>('outbox')
    .find({ to: email.toLowerCase(), ...(kind && { kind }) })
    .toArray();

async function paidOrder(price: number, quantity = 1): Promise<Order> {
  const productId = await newProduct(t.db, {});
  const offer = await sell(t, seller, productId, { eur: price });
  await uploadKeys(t, seller, offer.id, freshCodes(quantity + 3));
  const order = await placeDirectly(
    service,
    buyer,
    [{ offerId: offer.id, quantity }],
    '203.0.113.9',
  );
  await recordCapture(service, order);
  return order;
}

describe('mails in the recipient’s language', () => {
  it('mails an Italian buyer their receipt and delivery in Italian, the seller its sale in English', async () => {
    const order = await paidOrder(1999, 2);
    const [received] = await mailsTo(buyer.email, 'order-received');
    expect(received).toMatchObject({
      locale: 'it',
      subject: `Abbiamo ricevuto il tuo ordine ${order.number}`,
    });
    const delivered = (await mailsTo(buyer.email, 'order-delivered')).filter((m) =>
      m.subject.includes(order.number),
    );
    expect(delivered).toHaveLength(1);
    const mail = delivered[0]!;
    expect(mail.locale).toBe('it');
    expect(mail.subject).toBe(`Il tuo ordine ${order.number} è pronto`);
    const text = mail.text.replaceAll('\u00a0', ' ');
    // Lines, totals with VAT, and the seller's trader details, in Italian.
    expect(text).toContain('× 2: 39,98 €');
    expect(text).toMatch(/Totale: 39,98 € \(di cui IVA \d+,\d{2} €\)/);
    expect(text).toContain(`${seller.sellerId} Ltd, partita IVA IT01234567890`);
    expect(text).toContain(`http://shop.test/account?order=${order.id}`);
    expect(mail.html).toContain('<html lang="it">');

    const [sale] = (await mailsTo(seller.email, 'seller-sale')).filter((m) =>
      m.subject.includes(order.number),
    );
    expect(sale).toMatchObject({ locale: 'en', subject: `New sale: order ${order.number}` });
    // Five keys, two sold: the offer fell to the low-stock mark (3), and its seller is told.
    const low = await mailsTo(seller.email, 'seller-low-stock');
    expect(low).toHaveLength(1);
    expect(low[0]!.text).toContain('has 3 keys left');
  });

  it('mails a delivery once when a crash makes the recovery deliver it again', async () => {
    const order = await paidOrder(1500);
    // A crash after the mail, before the delivery was recorded: the job delivers it again.
    await t.db
      .collection<OrderDoc>('orders')
      .updateOne({ _id: new ObjectId(order.id) }, { $set: { deliveredAt: null } });
    const again = await service.deliverAgain([new ObjectId(order.id)]);
    expect(again).toBe(1);
    const delivered = (await mailsTo(buyer.email, 'order-delivered')).filter((m) =>
      m.subject.includes(order.number),
    );
    expect(delivered).toHaveLength(1);
    const sales = (await mailsTo(seller.email, 'seller-sale')).filter((m) =>
      m.subject.includes(order.number),
    );
    expect(sales).toHaveLength(1);
  });

  it('tells the buyer of a review, then of the decline and its refund, in Italian', async () => {
    // Far above the review threshold: held for a person.
    const order = await paidOrder(200_000);
    const [review] = (await mailsTo(buyer.email, 'order-review')).filter((m) =>
      m.subject.includes(order.number),
    );
    expect(review?.subject).toBe(`Il tuo ordine ${order.number} è in verifica`);
    await service.decideAsAdmin(order.id, 'decline', undefined, admin.uid);
    const [ended] = (await mailsTo(buyer.email, 'order-cancelled')).filter((m) =>
      m.subject.includes(order.number),
    );
    expect(ended?.subject).toBe(`Il tuo ordine ${order.number} è stato rifiutato`);
    expect(ended?.text.replaceAll('\u00a0', ' ')).toContain(
      'I 2000,00 € che hai pagato tornano sul tuo metodo di pagamento.',
    );
  });

  it('shows admins each mail’s language in the outbox, with its HTML', async () => {
    const ra = raClient(t.url, 'admin', admin.token);
    const { data } = await ra.getList('outbox', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: buyer.email },
    });
    const rows = data.map((r) => OutboxMailSchema.parse(r));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.locale === 'it')).toBe(true);
    const { data: one } = await ra.getOne('outbox', { id: rows[0]!.id });
    expect(String(one['html'])).toContain('<html lang="it">');
  });
});
