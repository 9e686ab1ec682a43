import { ObjectId } from 'mongodb';
import type { PayoutDoc } from '../src/modules/payouts/payouts.repository.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LedgerEntrySchema, PayoutSchema, SellerBalanceSchema, type Order } from '@market/shared';
import { FRAUD_DEFAULTS } from '../src/modules/fraud/fraud-rules.ts';
import type { OrderDoc } from '../src/modules/orders/order-doc.ts';
import type { OrderService } from '../src/modules/orders/orders.service.ts';
import { serviceContainer, placeDirectly, recordCapture } from './checkout-fixtures.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

/**
 * Sellers get paid, through the real server and the PayPal sandbox's Payouts API: commission
 * rules price each sale, the net is credited (no holdback here: SELLER_HOLDBACK_DAYS=0), a run
 * pays every seller above the minimum, an item PayPal fails puts the money back to available,
 * a bank transfer payout is marked paid with its reference.
 */

let t: TestServer;
let good: TestAccount;
let failing: TestAccount;
let small: TestAccount;
let buyer: TestAccount;
let admin: TestAccount;
let orders: OrderService;

beforeAll(async () => {
  t = await startTestServer({ env: { SELLER_HOLDBACK_DAYS: '0', PAYOUT_MINIMUM_CENTS: '500' } });
  [good, failing, small, buyer, admin] = await Promise.all([
    t.account('seller'),
    t.account('seller'),
    t.account('seller'),
    t.account('user'),
    t.account('admin'),
  ]);
  // The sandbox fails a payout item whose receiver's email contains `fail`.
  await t.db
    .collection('sellers')
    .updateOne({ _id: failing.sellerId as never }, { $set: { email: `fail-${failing.email}` } });
  orders = serviceContainer(t, {
    fraud: { ...FRAUD_DEFAULTS, velocitySoftLimit: 1000, velocityHardLimit: 1000 },
  }).orderService;
});
afterAll(() => t.close());

/** `seller` sells `quantity` units at `cents` to the buyer; the order is paid and delivered. */
async function sale(seller: TestAccount, cents: number, quantity: number): Promise<Order> {
  const offer = await sell(t, seller, await newProduct(t.db), { eur: cents });
  await uploadKeys(t, seller, offer.id, freshCodes(quantity));
  const order = await placeDirectly(
    orders,
    buyer,
    [{ offerId: offer.id, quantity }],
    '203.0.113.5',
  );
  await recordCapture(orders, order);
  return order;
}

const balanceOf = async (who: TestAccount) =>
  SellerBalanceSchema.parse(
    await (await t.call('GET', '/api/seller/balance', { token: who.token })).json(),
  ).eur;

describe('payouts through PayPal Payouts', () => {
  it('credits net of the rule in force, pays it out, and gives a failed item back', async () => {
    const adminRa = raClient(t.url, 'admin', admin.token);
    // An override for the good seller: 10 % and 50 cents per line (others: the 5 % + 30 default).
    await adminRa.create('commission-rules', {
      data: {
        sellerId: good.sellerId,
        categoryId: null,
        rateBps: 1000,
        feeCents: { eur: 50, usd: 60, gbp: 40 },
      },
    });

    await sale(good, 2000, 2);
    await sale(failing, 1999, 1);
    await sale(small, 300, 1);

    const entries = await raClient(t.url, 'seller', good.token).getList('ledger-entries', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'at', order: 'DESC' },
      filter: {},
    });
    expect(LedgerEntrySchema.parse(entries.data[0])).toMatchObject({
      type: 'sale',
      grossCents: 4000,
      rateBps: 1000,
      feeCents: 50,
      commissionCents: 450,
      netCents: 3550,
      status: 'available',
    });
    expect(await balanceOf(good)).toEqual({ pendingCents: 0, availableCents: 3550, paidCents: 0 });
    // 1999 × 5 % = 99.95 → 100, + 30.
    expect((await balanceOf(failing)).availableCents).toBe(1869);

    const run = await t.call('POST', '/api/admin/payouts/run', {
      token: admin.token,
      body: { method: 'paypal' },
    });
    expect(run.status).toBe(200);
    // The small seller's 300 − 45 is under the 500 minimum: nothing for them.
    expect(((await run.json()) as { created: number }).created).toBe(2);
    // PayPal answers a new batch PENDING; its webhooks (PAYMENT.PAYOUTS-ITEM.*) make the
    // server read how it went, with no job run.
    await vi.waitFor(
      async () => {
        const open = await t.db
          .collection('payouts')
          .countDocuments({ status: { $in: ['pending', 'processing'] } });
        expect(open).toBe(0);
      },
      { timeout: 15_000, interval: 200 },
    );

    const list = await adminRa.getList('payouts', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(list.total).toBe(2);
    const bySeller = new Map(list.data.map((p) => [p.sellerId, PayoutSchema.parse(p)]));
    expect(bySeller.get(good.sellerId!)).toMatchObject({
      amountCents: 3550,
      status: 'paid',
      itemStatus: 'SUCCESS',
    });
    expect(bySeller.get(failing.sellerId!)).toMatchObject({
      status: 'failed',
      itemStatus: 'FAILED',
    });
    expect(await balanceOf(good)).toEqual({ pendingCents: 0, availableCents: 0, paidCents: 3550 });
    expect(await balanceOf(failing)).toEqual({
      pendingCents: 0,
      availableCents: 1869,
      paidCents: 0,
    });

    // Sending the same payout again (a crash before its batch id was saved) pays nothing twice.
    const paid = bySeller.get(good.sellerId!)!;
    const again = await t.container.deps.payouts.paypal.send({
      payoutId: paid.id,
      receiver: 'anyone@example.com',
      amountCents: 3550,
      currency: 'eur',
      note: 'retry',
    });
    expect(again.batchId).toBe(paid.batchId);

    // The seller sees their own payout, never another's.
    const mine = await raClient(t.url, 'seller', good.token).getList('payouts', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(mine.data.map((p) => p.id)).toEqual([paid.id]);
    const other = await t.call('GET', `/api/seller/payouts/${paid.id}`, { token: failing.token });
    expect(other.status).toBe(404);
  });

  it('pays by bank transfer, marked paid with its reference', async () => {
    const run = await t.call('POST', '/api/admin/payouts/run', {
      token: admin.token,
      body: { method: 'transfer' },
    });
    const { ids } = (await run.json()) as { ids: string[] };
    expect(ids).toHaveLength(1);
    const [id] = ids as [string];
    const marked = await t.call('POST', `/api/admin/payouts/${id}/mark-paid`, {
      token: admin.token,
      body: { reference: 'SEPA-2026-0042' },
    });
    expect(PayoutSchema.parse(await marked.json())).toMatchObject({
      sellerId: failing.sellerId,
      method: 'transfer',
      status: 'paid',
      reference: 'SEPA-2026-0042',
      amountCents: 1869,
    });
    const twice = await t.call('POST', `/api/admin/payouts/${id}/mark-paid`, {
      token: admin.token,
      body: { reference: 'SEPA-2026-0042' },
    });
    expect(twice.status).toBe(409);
    expect(await balanceOf(failing)).toEqual({
      pendingCents: 0,
      availableCents: 0,
      paidCents: 1869,
    });
  });

  it('carries a refund after the payout forward as a negative balance, and states it in CSV', async () => {
    const [saleEntry] = await t.db
      .collection('sellerLedger')
      .find({ sellerId: good.sellerId, type: 'sale' })
      .toArray();
    const order = (await t.db
      .collection<OrderDoc>('orders')
      .findOne({ _id: saleEntry!.orderId as ObjectId }))!;
    // The refund flow's ledger step (the provider side has its own tests): the line comes back.
    await t.container.ledger.reverse(
      order,
      'refund',
      [{ itemId: order.items[0]!._id, refundedCents: 4000 }],
      new Date(),
    );
    expect(await balanceOf(good)).toEqual({
      pendingCents: 0,
      availableCents: -3550,
      paidCents: 3550,
    });
    // Nothing to pay while negative.
    const run = await t.call('POST', '/api/admin/payouts/run', {
      token: admin.token,
      body: { method: 'paypal' },
    });
    expect(((await run.json()) as { created: number }).created).toBe(0);

    const day = new Date().toISOString().slice(0, 10);
    const csv = await t.call('GET', `/api/seller/payouts/statement?from=${day}&to=${day}`, {
      token: good.token,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain(',sale,EUR,');
    expect(text).toContain('40.00,0.00,1000,0.50,4.50,35.50');
    expect(text).toContain('-40.00,0.00,1000,0.50,-4.50,-35.50');
    expect(text).toContain('payout (paypal),EUR,,,,,,,-35.50,paid');
  });

  it('sends a payout a crash left recorded but unsent, once', async () => {
    // What a crash between writing the payout and asking PayPal leaves behind.
    const id = new ObjectId();
    const past = new Date(Date.now() - 120_000);
    await t.db.collection<PayoutDoc>('payouts').insertOne({
      _id: id,
      sellerId: small.sellerId!,
      currency: 'eur',
      seq: 1,
      amountCents: 255,
      method: 'paypal',
      status: 'pending',
      receiver: small.email,
      batchId: null,
      itemStatus: null,
      reference: null,
      failure: null,
      runId: 'manual:crashed',
      createdAt: past,
      updatedAt: past,
      paidAt: null,
    });
    expect((await balanceOf(small)).availableCents).toBe(0);
    await t.container.payoutService.followUp(new Date());
    await t.container.payoutService.followUp(new Date(Date.now() + 60_000));
    const doc = (await t.db.collection<PayoutDoc>('payouts').findOne({ _id: id }))!;
    expect(doc).toMatchObject({ status: 'paid', itemStatus: 'SUCCESS' });
    expect(await balanceOf(small)).toEqual({ pendingCents: 0, availableCents: 0, paidCents: 255 });
    // The seller hears of it once, though PayPal was asked twice.
    const told = await t.db
      .collection('outbox')
      .find({ to: small.email.toLowerCase(), kind: 'seller-payout' })
      .toArray();
    expect(told.map((m) => m['subject'])).toEqual(['Payout of €2.55 sent']);
  });
});
