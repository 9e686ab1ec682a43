import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGE_KEY_MASK,
  MaskedKeySchema,
  OfferRestockResultSchema,
  OrderSchema,
  RevealedKeySchema,
  RevealedOrderKeySchema,
  SellerOfferSchema,
  SellerSupplierConnectionSchema,
  type OfferRestockResult,
} from '@market/shared';
import type { KeyDoc } from '../src/modules/keys/keys.repository.ts';
import type { OrderService } from '../src/modules/orders/orders.service.ts';
import type { SandboxCode, SandboxPurchase } from '../src/sandboxes/suppliers/stockroom.ts';
import {
  startWockSandbox,
  WOCK_SANDBOX_CREDENTIALS,
  type WockSandbox,
} from '../src/sandboxes/suppliers/wock/index.ts';
import { serviceContainer, placeDirectly, recordCapture } from './checkout-fixtures.ts';
import { newProduct } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/**
 * Image codes (a scanned gift card) end to end, against the Wock sandbox with its `imageCodes`
 * fault: a stocked restock keeps them sealed as images, the seller's list shows a placeholder,
 * the same image sold twice is a duplicate, and the buyer's reveal answers the very PNG the
 * supplier sold (the admin's audited reveal too).
 */

let t: TestServer;
let wock: WockSandbox;
let sandboxDir: string;
let orders: OrderService;
let admin: TestAccount;
let skus: string[];
let nextSku = 0;

beforeAll(async () => {
  sandboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wock-images-'));
  wock = await startWockSandbox({ port: 0, dir: sandboxDir, productCount: 10 });
  t = await startTestServer({ env: { SUPPLIER_WOCK_URL: wock.url } });
  skus = wock.stockroom.visibleProducts().map((p) => p.sku);
  orders = serviceContainer(t).orderService;
  admin = await t.account('admin');
});
afterAll(async () => {
  await t.close();
  await wock.close();
  fs.rmSync(sandboxDir, { recursive: true, force: true });
});

const sandbox = (route: string, body?: object) =>
  fetch(`${wock.url}/sandbox/${route}`, {
    method: body ? 'POST' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    ...(body && { body: JSON.stringify(body) }),
  });

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type ImageCode = Extract<SandboxCode, { kind: 'image' }>;
/** The images the sandbox sold under our reference. */
async function soldImages(clientRef: string): Promise<ImageCode[]> {
  const all = (await (await fetch(`${wock.url}/sandbox/purchases`)).json()) as SandboxPurchase[];
  return all
    .filter((p) => p.clientRef === clientRef)
    .flatMap((p) => p.codes.filter((c): c is ImageCode => c.kind === 'image'));
}

/** A seller connected to Wock, with a stocked offer on a product of its own. */
async function stockedOffer() {
  const seller = await t.account('seller');
  const connection = await t.call('POST', '/api/seller/supplier-connections', {
    token: seller.token,
    body: { supplier: 'wock', label: 'Wock', credentials: WOCK_SANDBOX_CREDENTIALS },
  });
  expect(connection.status).toBe(201);
  const sku = skus[nextSku++]!;
  expect(
    (
      await sandbox(`products/${sku}`, {
        quantity: 20,
        priceCents: 500,
        preOrder: false,
        hidden: false,
      })
    ).status,
  ).toBe(200);
  const productId = await newProduct(t.db);
  const res = await t.call('POST', '/api/seller/offers', {
    token: seller.token,
    body: {
      productId,
      source: {
        kind: 'supplier',
        connectionId: SellerSupplierConnectionSchema.parse(await connection.json()).id,
        sku,
        mode: 'stocked',
        costCeiling: 600,
        pricing: { marginPercent: 40, marginFixedCents: 50, rounding: 'none' },
      },
    },
  });
  expect(res.status).toBe(201);
  return { seller, offer: SellerOfferSchema.parse(await res.json()) };
}

/** Restocks with the sandbox delivering images (and pre-orders when asked). */
async function restockImages(
  seller: TestAccount,
  offerId: string,
  quantity: number,
  faults: object = {},
): Promise<OfferRestockResult> {
  await sandbox('faults', { imageCodes: true, ...faults });
  try {
    const res = await t.call('POST', `/api/seller/offers/${offerId}/restock`, {
      token: seller.token,
      body: { quantity },
    });
    expect(res.status).toBe(200);
    return OfferRestockResultSchema.parse(await res.json());
  } finally {
    await sandbox('faults');
  }
}

const keysOf = (offerId: string) =>
  t.db
    .collection<KeyDoc>('keys')
    .find({ offerId: new ObjectId(offerId) })
    .toArray();

describe('image codes from a supplier', () => {
  it('are stored sealed as images, listed as a placeholder, and revealed to the buyer as the PNG sold', async () => {
    const { seller, offer } = await stockedOffer();
    const batch = await restockImages(seller, offer.id, 2);
    expect(batch).toMatchObject({ status: 'completed', stored: 2, duplicates: 0, stock: 2 });

    const sold = await soldImages(batch.clientRef);
    expect(sold).toHaveLength(2);
    // Every scan is its own image.
    expect(sold[0]!.imageBase64).not.toBe(sold[1]!.imageBase64);
    const keys = await keysOf(offer.id);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).toMatchObject({
        kind: 'image',
        image: { mimeType: 'image/png', filename: expect.stringMatching(/\.png$/) },
        source: 'supplier',
        supplierClientRef: batch.clientRef,
      });
      // The raw document holds no image in the clear, only its sealed form.
      const raw = JSON.stringify(key);
      for (const image of sold) expect(raw).not.toContain(image.imageBase64.slice(0, 40));
      expect(sold.map((s) => s.imageBase64)).toContain(t.vault.decrypt(key.secret));
    }

    // The seller's list says "image code", never a mask of base64 (nor the base64).
    const filter = encodeURIComponent(JSON.stringify({ offerId: offer.id }));
    const list = await t.call('GET', `/api/seller/keys?filter=${filter}`, {
      token: seller.token,
    });
    expect(list.status).toBe(200);
    const text = await list.text();
    for (const image of sold) expect(text).not.toContain(image.imageBase64.slice(0, 40));
    const rows = MaskedKeySchema.array().parse(JSON.parse(text));
    expect(rows.map((r) => r.masked)).toEqual([IMAGE_KEY_MASK, IMAGE_KEY_MASK]);

    // A buyer buys one, pays, and reveals the image the supplier sold.
    const buyer = await t.account('user');
    const placed = await placeDirectly(
      orders,
      buyer,
      [{ offerId: offer.id, quantity: 1 }],
      '203.0.113.77',
    );
    await recordCapture(orders, placed);
    const view = OrderSchema.parse(
      await (await t.call('GET', `/api/user/orders/${placed.id}`, { token: buyer.token })).json(),
    );
    expect(view.status).toBe('approved');
    const keyId = view.items[0]!.keys[0]!.id;
    const reveal = await t.call('POST', `/api/user/orders/${placed.id}/keys/${keyId}/reveal`, {
      token: buyer.token,
      body: { waiveWithdrawal: true },
    });
    expect(reveal.status).toBe(200);
    const revealed = RevealedOrderKeySchema.parse(await reveal.json());
    if (revealed.kind !== 'image') throw new Error(`a ${revealed.kind} code`);
    expect(revealed.image.mimeType).toBe('image/png');
    const bytes = Buffer.from(revealed.image.base64, 'base64');
    expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const bought = sold.find((s) => s.filename === revealed.image.filename)!;
    expect(bytes.equals(Buffer.from(bought.imageBase64, 'base64'))).toBe(true);

    // The admin's audited reveal answers the same shape.
    const byAdmin = await t.call('POST', `/api/admin/keys/${keyId}/reveal`, {
      token: admin.token,
      body: { reason: 'Buyer says the scan does not load' },
    });
    expect(byAdmin.status).toBe(200);
    expect(RevealedKeySchema.parse(await byAdmin.json())).toEqual({
      kind: 'image',
      image: revealed.image,
    });
  });

  it('refuses the same image sold again as a duplicate, however its base64 is wrapped', async () => {
    const { seller, offer } = await stockedOffer();
    const first = await restockImages(seller, offer.id, 2);
    const images = await soldImages(first.clientRef);

    // The next batch waits for its codes (pre-orders); the supplier then delivers the same scans,
    // the base64 wrapped at 60 characters as some suppliers send it.
    const second = await restockImages(seller, offer.id, 2, { preOrders: true });
    expect(second).toMatchObject({ status: 'pending', stored: 0 });
    const purchase = Object.values(wock.stockroom.state.purchases).find(
      (p) => p.clientRef === second.clientRef,
    )!;
    purchase.codes = images.map((image) => ({
      ...image,
      codeId: `${image.codeId}-again`,
      imageBase64: image.imageBase64.replace(/.{60}/g, '$&\n'),
    }));
    wock.stockroom.save();

    const again = await restockImages(seller, offer.id, 2);
    expect(again).toMatchObject({
      clientRef: second.clientRef,
      status: 'completed',
      stored: 0,
      duplicates: 2,
      stock: 2,
    });
    expect(await keysOf(offer.id)).toHaveLength(2);
    const alert = await t.db
      .collection('auditLog')
      .findOne({ action: 'key.supplierDuplicate', 'details.clientRef': second.clientRef });
    expect(alert).toMatchObject({ details: { count: 2 } });
    // The alert names the keys, never the images.
    for (const image of images) {
      expect(JSON.stringify(alert)).not.toContain(image.imageBase64.slice(0, 40));
    }
  });
});
