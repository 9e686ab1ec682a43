import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SellerRefundSchema, SellerSaleDetailSchema, SellerSaleSchema } from '@market/shared';
import { buyerWith, settledOrder, paidWithPaypal } from './checkout-fixtures.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

let t: TestServer;
let seller: TestAccount;
let otherSeller: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  // Each buyer pays from an address of their own (X-Forwarded-For through a trusted proxy).
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  [seller, otherSeller, admin] = await Promise.all([
    t.account('seller'),
    t.account('seller'),
    t.account('admin'),
  ]);
});
afterAll(() => t.close());

/** A delivered order of two lines of `seller`'s: 1 key of product A, 2 keys of product B. */
async function deliveredOrder() {
  const productA = await newProduct(t.db);
  const productB = await newProduct(t.db);
  for (const productId of [productA, productB]) {
    const offer = await sell(t, seller, productId, { eur: 1500, usd: 1500, gbp: 1500 });
    await uploadKeys(t, seller, offer.id, freshCodes(3));
  }
  const buyer = await buyerWith(t, seller, [
    { productId: productA, quantity: 1 },
    { productId: productB, quantity: 2 },
  ]);
  const orderId = await paidWithPaypal(t, buyer);
  const order = await settledOrder(t, buyer, orderId);
  expect(order.status).toBe('approved');
  const lineA = order.items.find((i) => i.productId === productA)!;
  const lineB = order.items.find((i) => i.productId === productB)!;
  return { buyer, order, lineA, lineB };
}

const saleOf = async (who: TestAccount, id: string) =>
  SellerSaleDetailSchema.parse(
    (await raClient(t.url, 'seller', who.token).getOne('sales', { id })).data,
  );

describe('GET /api/seller/sales/:id', () => {
  it('shows the seller’s lines, each key’s state, the money and the refunds, never a code', async () => {
    const { buyer, order, lineA, lineB } = await deliveredOrder();
    const [revealedKey, untouchedKey] = lineB.keys;
    expect(
      (
        await t.call('POST', `/api/user/orders/${order.id}/keys/${revealedKey!.id}/reveal`, {
          token: buyer.token,
          body: { waiveWithdrawal: true },
        })
      ).status,
    ).toBe(200);
    const refunded = await t.call('POST', `/api/admin/orders/${order.id}/refund`, {
      token: admin.token,
      body: { itemId: lineA.id, reason: 'Buyer could not activate' },
    });
    expect(refunded.status).toBe(200);

    // The sale's id is the list's: find it there, as the console does.
    const { data } = await raClient(t.url, 'seller', seller.token).getList('sales', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    const listed = data.map((s) => SellerSaleSchema.parse(s)).find((s) => s.name === lineB.name)!;
    const sale = await saleOf(seller, listed.id);
    expect(sale).toMatchObject({ id: listed.id, orderNumber: order.number, status: 'approved' });
    expect(JSON.stringify(sale)).not.toMatch(/code/i);

    const a = sale.lines.find((l) => l.itemId === lineA.id)!;
    const b = sale.lines.find((l) => l.itemId === lineB.id)!;
    expect(a.refundedCents).toBe(1500);
    expect(a.keys.map((k) => k.state)).toEqual(['refunded']);
    expect(Object.fromEntries(b.keys.map((k) => [k.id, k.state]))).toEqual({
      [revealedKey!.id]: 'revealed',
      [untouchedKey!.id]: 'delivered',
    });
    // 3 × 15.00 sold; line A's 15.00 went back: the ledger's net and commission follow.
    expect(sale.totals.grossCents).toBe(4500);
    expect(sale.totals.reversedCents).toBeGreaterThan(0);
    expect(sale.totals.netCents + sale.totals.commissionCents).toBe(3000);
    expect(sale.refunds).toEqual([
      expect.objectContaining({
        itemId: lineA.id,
        amountCents: 1500,
        reason: 'Buyer could not activate',
        status: 'completed',
      }),
    ]);
    expect(sale.claims).toEqual([]);
  });

  it('answers 404 for another seller’s sale and for ids that are not sales', async () => {
    const { order, lineA } = await deliveredOrder();
    const id = `${order.id}-${lineA.id}`;
    expect((await saleOf(seller, id)).name).toBe(lineA.name);
    for (const bad of [id, `${order.id}-${'0'.repeat(24)}`, 'nonsense', `${order.id}`]) {
      const res = await t.call('GET', `/api/seller/sales/${bad}`, { token: otherSeller.token });
      expect(res.status, bad).toBe(404);
    }
  });
});

describe('GET /api/seller/refunds', () => {
  it('lists the seller’s refunded lines with the reason, filtered, and nobody else’s', async () => {
    const { order, lineB } = await deliveredOrder();
    expect(
      (
        await t.call('POST', `/api/admin/orders/${order.id}/refund`, {
          token: admin.token,
          body: { itemId: lineB.id, reason: 'Sold by mistake' },
        })
      ).status,
    ).toBe(200);
    const list = (filter: Record<string, unknown>) =>
      raClient(t.url, 'seller', seller.token).getList('refunds', {
        pagination: { page: 1, perPage: 50 },
        sort: { field: 'at', order: 'DESC' },
        filter,
      });
    const { data, total } = await list({});
    const rows = data.map((r) => SellerRefundSchema.parse(r));
    expect(total).toBeGreaterThanOrEqual(1);
    expect(rows.find((r) => r.itemId === lineB.id)).toMatchObject({
      saleId: `${order.id}-${lineB.id}`,
      orderNumber: order.number,
      name: lineB.name,
      type: 'refund',
      currency: order.currency,
      grossCents: 3000,
      reason: 'Sold by mistake',
    });
    const row = rows.find((r) => r.itemId === lineB.id)!;
    expect(row.netCents + row.commissionCents).toBe(3000);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ type: 'refund', from: today, to: today })).data.length).toBeGreaterThan(0);
    expect((await list({ type: 'chargeback' })).total).toBe(0);
    expect((await list({ to: '2000-01-01' })).total).toBe(0);
    const bad = await t.call(
      'GET',
      `/api/seller/refunds?filter=${encodeURIComponent('{"from":"yesterday"}')}`,
      {
        token: seller.token,
      },
    );
    expect(bad.status).toBe(400);

    const theirs = await raClient(t.url, 'seller', otherSeller.token).getList('refunds', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'at', order: 'DESC' },
      filter: {},
    });
    expect(theirs.total).toBe(0);
  });
});
