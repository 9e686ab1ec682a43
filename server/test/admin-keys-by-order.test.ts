import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@market/shared';
import type { OrderService } from '../src/modules/orders/orders.service.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { placeDirectly, serviceContainer } from './checkout-fixtures.ts';
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
  // Placing an order has no HTTP route of its own here (the checkout calls the service).
  service = serviceContainer(t).orderService;
});
afterAll(() => t.close());

async function orderOf(quantity: number, offerId: string) {
  return placeDirectly(service, buyer, [{ offerId, quantity }], '203.0.113.5');
}

describe('GET /api/admin/keys?filter={"orderId"}', () => {
  it("lists exactly an order's keys, masked, for the order page's Keys link", async () => {
    const productId = await newProduct(t.db);
    const offer = await sell(t, seller, productId, { eur: 999 });
    const codes = freshCodes(5);
    await uploadKeys(t, seller, offer.id, codes);
    const first = await orderOf(2, offer.id);
    await orderOf(1, offer.id);

    const res = await raClient(t.url, 'admin', admin.token).getList('keys', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { orderId: first.id },
    });
    expect(res.total).toBe(2);
    expect(res.data.map((k) => k.status)).toEqual(['reserved', 'reserved']);
    expect(JSON.stringify(res.data)).not.toMatch(new RegExp(codes.join('|')));
  });

  it('refuses an order id that is not an id with a field error', async () => {
    const filter = encodeURIComponent(JSON.stringify({ orderId: 'nope' }));
    const res = await t.call('GET', `/api/admin/keys?filter=${filter}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(ApiErrorSchema.parse(await res.json()).errors).toHaveProperty(['filter.orderId']);
  });
});
