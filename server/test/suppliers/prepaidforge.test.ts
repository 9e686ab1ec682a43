import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPrepaidforgeSupplier } from '../../src/integrations/suppliers/prepaidforge/index.ts';
import {
  SupplierError,
  type SupplierHttpTuning,
} from '../../src/integrations/suppliers/supplier.ts';
import type { SandboxProduct } from '../../src/sandboxes/suppliers/catalogue.ts';
import {
  PREPAIDFORGE_SANDBOX_CREDENTIALS,
  startPrepaidforgeSandbox,
  type PrepaidforgeSandbox,
} from '../../src/sandboxes/suppliers/prepaidforge/index.ts';
import {
  FAST_HTTP,
  clearFaults,
  failureOf,
  newClientRef,
  runSupplierContract,
  sandboxDir,
  setFaults,
} from './supplier-contract.ts';

const connect = (
  sandboxUrl: string,
  credentials = PREPAIDFORGE_SANDBOX_CREDENTIALS,
  http: Partial<SupplierHttpTuning> = FAST_HTTP,
) => createPrepaidforgeSupplier({ baseUrl: `${sandboxUrl}/v1`, credentials, http });

const WRONG_PASSWORD = { ...PREPAIDFORGE_SANDBOX_CREDENTIALS, password: 'not-the-password' };

runSupplierContract({
  id: 'prepaidforge',
  startSandbox: (dir) => startPrepaidforgeSandbox({ port: 0, dir, productCount: 250 }),
  connect: (url, { credentials, http }) =>
    connect(
      url,
      credentials === 'sandbox' ? PREPAIDFORGE_SANDBOX_CREDENTIALS : WRONG_PASSWORD,
      http,
    ),
});

/** Sign-ins the sandbox granted and calls it refused for their token, so far. */
async function authCounts(sandboxUrl: string): Promise<{ signIns: number; refused: number }> {
  const res = await fetch(`${sandboxUrl}/sandbox/auth`);
  return (await res.json()) as { signIns: number; refused: number };
}

describe('prepaidforge: tokens, the price guard, lost answers and scans', () => {
  let sandbox: PrepaidforgeSandbox;
  let dir: string;
  const used = new Set<string>();

  const freshProduct = (): SandboxProduct => {
    const product = sandbox.stockroom
      .visibleProducts()
      .find((p) => !p.preOrder && p.quantity >= 10 && !used.has(p.sku));
    if (!product) throw new Error('the sandbox catalogue ran out of fresh products');
    used.add(product.sku);
    return product;
  };
  const purchasesOf = (clientRef: string) =>
    Object.values(sandbox.stockroom.state.purchases).filter((p) => p.clientRef === clientRef);

  beforeAll(async () => {
    dir = sandboxDir('prepaidforge-own');
    sandbox = await startPrepaidforgeSandbox({ port: 0, dir, productCount: 60 });
  });
  afterAll(async () => {
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => clearFaults(sandbox.url));

  it('renews its token before tokenValidUntil, so no call is ever refused for it', async () => {
    const shortDir = sandboxDir('prepaidforge-ttl');
    const short = await startPrepaidforgeSandbox({ port: 0, dir: shortDir, tokenTtlSeconds: 1 });
    try {
      const supplier = connect(short.url);
      await supplier.balance();
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await supplier.balance()).available.cents).toBeGreaterThan(0);
      expect(await authCounts(short.url)).toEqual({ signIns: 2, refused: 0 });
    } finally {
      await short.close();
      fs.rmSync(shortDir, { recursive: true, force: true });
    }
  });

  it('signs in again when its token is refused, and the call goes through', async () => {
    const supplier = connect(sandbox.url);
    await supplier.balance();
    const before = await authCounts(sandbox.url);
    expect((await fetch(`${sandbox.url}/sandbox/auth/revoke`, { method: 'POST' })).status).toBe(
      200,
    );
    expect((await supplier.balance()).available.cents).toBeGreaterThan(0);
    expect(await authCounts(sandbox.url)).toEqual({
      signIns: before.signIns + 1,
      refused: before.refused + 1,
    });
  });

  it('reports a wrong password as UNAUTHORIZED, with PrepaidForge’s reason', async () => {
    const before = await authCounts(sandbox.url);
    const err = await connect(sandbox.url, WRONG_PASSWORD)
      .balance()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SupplierError);
    expect(err).toMatchObject({ code: 'UNAUTHORIZED', supplierCode: 'INVALID_CREDENTIALS' });
    expect((await authCounts(sandbox.url)).signIns).toBe(before.signIns);
  });

  it('pays the supplier’s price under the guard, and is refused above it', async () => {
    const supplier = connect(sandbox.url);
    const product = freshProduct();
    const refusedRef = newClientRef();
    const below = { cents: product.priceCents - 1, currency: product.currency };
    expect(
      await failureOf(
        supplier.purchase({
          sku: product.sku,
          quantity: 1,
          maxUnitPrice: below,
          clientRef: refusedRef,
        }),
      ),
    ).toBe('PRICE_CHANGED');
    expect(purchasesOf(refusedRef)).toHaveLength(0);

    const ceiling = { cents: product.priceCents + 500, currency: product.currency };
    const bought = await supplier.purchase({
      sku: product.sku,
      quantity: 1,
      maxUnitPrice: ceiling,
      clientRef: newClientRef(),
    });
    expect(bought.unitPrice).toEqual({ cents: product.priceCents, currency: product.currency });
  });

  it('refuses a ceiling in another currency than the account’s without ordering', async () => {
    const product = freshProduct();
    const clientRef = newClientRef();
    const usd = { cents: product.priceCents * 2, currency: 'usd' as const };
    const purchase = connect(sandbox.url).purchase({
      sku: product.sku,
      quantity: 1,
      maxUnitPrice: usd,
      clientRef,
    });
    expect(await failureOf(purchase)).toBe('REJECTED');
    expect(purchasesOf(clientRef)).toHaveLength(0);
  });

  it('finds a purchase whose answer was lost by its reference, and never buys it twice', async () => {
    // One attempt per call: the lost answer is not retried, so the lookup is what recovers it.
    const supplier = connect(sandbox.url, PREPAIDFORGE_SANDBOX_CREDENTIALS, {
      ...FAST_HTTP,
      maxAttempts: 1,
    });
    const product = freshProduct();
    const balanceBefore = sandbox.stockroom.state.balanceCents;
    await setFaults(sandbox.url, { loseNextPurchaseAnswer: true });
    const clientRef = newClientRef();
    const purchase = await supplier.purchase({
      sku: product.sku,
      quantity: 2,
      maxUnitPrice: { cents: product.priceCents, currency: product.currency },
      clientRef,
    });
    expect(purchase).toMatchObject({
      clientRef,
      sku: product.sku,
      quantity: 2,
      status: 'completed',
    });
    expect(purchasesOf(clientRef)).toHaveLength(1);
    expect(sandbox.stockroom.state.balanceCents).toBe(balanceBefore - 2 * product.priceCents);
    expect(await supplier.codes(purchase)).toHaveLength(2);
  });

  it('delivers SCAN codes as the image behind the download link, which needs the token', async () => {
    const supplier = connect(sandbox.url);
    const product = freshProduct();
    await setFaults(sandbox.url, { imageCodes: true });
    const [stock] = await supplier.getStock([product.sku]);
    expect(stock).toMatchObject({ quantity: product.quantity });
    const purchase = await supplier.purchase({
      sku: product.sku,
      quantity: 1,
      maxUnitPrice: { cents: product.priceCents, currency: product.currency },
      clientRef: newClientRef(),
    });
    const [code] = await supplier.codes(purchase);
    const [stored] = purchasesOf(purchase.clientRef)[0]!.codes;
    if (code?.kind !== 'image' || stored?.kind !== 'image') throw new Error('expected an image');
    expect(code).toEqual({
      kind: 'image',
      codeId: stored.codeId,
      imageBase64: stored.imageBase64,
      filename: stored.filename,
      mimeType: 'image/png',
    });
    const link = `${sandbox.url}/v1/1.0/codeImage/${stored.codeId}`;
    expect((await fetch(link)).status).toBe(401);
  });
});
