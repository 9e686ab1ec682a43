import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckoutStartedSchema,
  ClaimSchema,
  RevealedOrderKeySchema,
  SellerOfferSchema,
  SellerSupplierConnectionSchema,
  type Order,
} from '@market/shared';
import type { SandboxPurchase } from '../src/sandboxes/suppliers/stockroom.ts';
import {
  startWockSandbox,
  WOCK_SANDBOX_CREDENTIALS,
  type WockSandbox,
} from '../src/sandboxes/suppliers/wock/index.ts';
import { buyerWith, checkout, orderOf } from './checkout-fixtures.ts';
import { newProduct } from './fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { clickButton } from './payments-helpers.ts';

/**
 * A claim on a key of an on-demand supplier offer: the offer has no keys of its own, so the
 * replacement is bought from the seller's supplier (Wock sandbox), reference `claim:<id>`.
 */

let t: TestServer;
let wock: WockSandbox;
let sandboxDir: string;

beforeAll(async () => {
  sandboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wock-claims-'));
  wock = await startWockSandbox({ port: 0, dir: sandboxDir, productCount: 5 });
  t = await startTestServer({ env: { SUPPLIER_WOCK_URL: wock.url, TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
  await wock.close();
  fs.rmSync(sandboxDir, { recursive: true, force: true });
});

const sandboxPurchases = async (clientRef: string) =>
  ((await (await fetch(`${wock.url}/sandbox/purchases`)).json()) as SandboxPurchase[]).filter(
    (p) => p.clientRef === clientRef,
  );

async function revealed(token: string, orderId: string, keyId: string) {
  const res = await t.call('POST', `/api/user/orders/${orderId}/keys/${keyId}/reveal`, {
    token,
    body: { waiveWithdrawal: true },
  });
  expect(res.status).toBe(200);
  const key = RevealedOrderKeySchema.parse(await res.json());
  if (key.kind !== 'text') throw new Error('the sandbox sells text codes');
  return key.code;
}

describe('a claim on an on-demand supplier key', () => {
  it('is replaced with a key bought from the seller’s supplier', async () => {
    const seller = await t.account('seller');
    const connection = await t.call('POST', '/api/seller/supplier-connections', {
      token: seller.token,
      body: { supplier: 'wock', label: 'Wock', credentials: WOCK_SANDBOX_CREDENTIALS },
    });
    expect(connection.status).toBe(201);
    const connectionId = SellerSupplierConnectionSchema.parse(await connection.json()).id;
    const sku = wock.stockroom.visibleProducts()[0]!.sku;
    await fetch(`${wock.url}/sandbox/products/${sku}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quantity: 9, priceCents: 1000, preOrder: false, hidden: false }),
    });
    const productId = await newProduct(t.db, { name: `Wock Claim ${sku}` });
    const created = await t.call('POST', '/api/seller/offers', {
      token: seller.token,
      body: {
        productId,
        source: {
          kind: 'supplier',
          connectionId,
          sku,
          mode: 'onDemand',
          stockCap: 3,
          costCeiling: 1500,
          pricing: { marginPercent: 40, marginFixedCents: 50, rounding: 'none' },
        },
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    SellerOfferSchema.parse(await created.json());

    const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
    const res = await checkout(t, buyer, 'paypal');
    expect(res.status).toBe(201);
    const { orderId, approvalUrl } = CheckoutStartedSchema.parse(await res.json());
    expect((await clickButton(approvalUrl, 'Pay now')).status).toBe(303);
    await t.call('POST', `/api/user/checkout/${orderId}/complete`, {
      token: buyer.token,
      body: { cancelled: false },
    });
    let order: Order = await orderOf(t, buyer, orderId);
    for (let i = 0; i < 150 && order.items[0]!.deliveredCount < 1; i++) {
      await new Promise((r) => setTimeout(r, 100));
      order = await orderOf(t, buyer, orderId);
    }
    const keyId = order.items[0]!.keys[0]!.id;
    const first = await revealed(buyer.token, orderId, keyId);

    const report = await t.call('POST', `/api/user/orders/${orderId}/keys/${keyId}/claim`, {
      token: buyer.token,
      body: { reason: 'not_working' },
    });
    expect(report.status).toBe(201);
    const claim = ClaimSchema.parse(await report.json());
    const replace = await t.call('POST', `/api/seller/claims/${claim.id}/replace`, {
      token: seller.token,
      body: {},
    });
    expect(replace.status, await replace.clone().text()).toBe(200);
    const replaced = ClaimSchema.parse(await replace.json());
    expect(replaced.status).toBe('replaced');

    // One purchase at the supplier for the claim, and the buyer's new key is its code.
    const bought = await sandboxPurchases(`claim:${claim.id}`);
    expect(bought).toHaveLength(1);
    const code = await revealed(buyer.token, orderId, replaced.replacementKeyId!);
    expect(code).not.toBe(first);
    expect(bought[0]!.codes).toContainEqual(expect.objectContaining({ kind: 'text', code }));
    const after = await orderOf(t, buyer, orderId);
    expect(after.items[0]!.keys.map((k) => k.status).sort()).toEqual(['revoked', 'sold']);
  });
});
