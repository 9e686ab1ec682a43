import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Currency, SupplierId } from '@market/shared';
import { Hono } from 'hono';
import { openJsonStore, readJsonObject, sandboxId, type JsonStore } from '../kit.ts';
import { seedSandboxCatalogue, type SandboxProduct } from './catalogue.ts';
import { faultRoutes, NO_FAULTS, type SupplierFaults } from './faults.ts';

/*
 * What every supplier sandbox does behind its own wire format: a catalogue with stock, an
 * account balance, purchases deduplicated by the buyer's reference, codes (text, image or a
 * pre-order released later) and the fault switches. Each supplier's `api.ts` only translates
 * its paths and field names onto this, so the four behave alike and differ where their APIs do.
 *
 * The state is one JSON file per supplier, written before an answer leaves (kit.ts), so a
 * purchase the sandbox acknowledged survives a restart of either process — the property the
 * marketplace's crash recovery relies on.
 */

export type SandboxCode =
  | { codeId: string; kind: 'text'; code: string }
  | { codeId: string; kind: 'image'; imageBase64: string; filename: string; mimeType: string }
  | { codeId: string; kind: 'preorder' };

export type SandboxPurchase = {
  purchaseId: string;
  clientRef: string;
  sku: string;
  quantity: number;
  unitPriceCents: number;
  currency: Currency;
  createdAt: string;
  codes: SandboxCode[];
};

export type StockroomState = {
  products: Record<string, SandboxProduct>;
  /** Catalogue order (products is keyed by sku). */
  skus: string[];
  purchases: Record<string, SandboxPurchase>;
  /** clientRef → purchaseId: one purchase per reference, ever. */
  byClientRef: Record<string, string>;
  balanceCents: number;
  faults: SupplierFaults;
};

export type PurchaseRequest = {
  sku: string;
  quantity: number;
  /** The most the buyer accepts per unit; null: whatever it costs. */
  maxUnitPriceCents: number | null;
  clientRef: string;
};

export type PurchaseRefusal =
  'NOT_FOUND' | 'OUT_OF_STOCK' | 'PRICE_CHANGED' | 'INSUFFICIENT_BALANCE';

export type PurchaseOutcome =
  | {
      ok: true;
      purchase: SandboxPurchase;
      repeated: boolean;
      /** The `loseNextPurchaseAnswer` fault fired: the route answers with `loseAnswer`. */
      answerLost: boolean;
    }
  | { ok: false; refusal: PurchaseRefusal; product: SandboxProduct | null };

/** A sandbox key that looks like a real one (five groups of five). */
function sandboxKey(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(25);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return [0, 5, 10, 15, 20].map((i) => chars.slice(i, i + 5).join('')).join('-');
}

/** A 1×1 PNG: enough for an image code to be a real image. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const IEND_LENGTH = 12;

/**
 * A scanned card: the tiny PNG with the card's own code in a `tEXt` chunk, so every image code
 * sold is different bytes (as real scans are) and the marketplace's duplicate check has work.
 */
function cardImage(code: string): string {
  const body = Buffer.concat([Buffer.from('tEXt'), Buffer.from(`Comment\0${code}`, 'latin1')]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  const end = TINY_PNG.length - IEND_LENGTH;
  return Buffer.concat([TINY_PNG.subarray(0, end), chunk, TINY_PNG.subarray(end)]).toString(
    'base64',
  );
}

function newCode(faults: SupplierFaults, preOrder: boolean): SandboxCode {
  const codeId = sandboxId('', 12, true);
  if (preOrder) return { codeId, kind: 'preorder' };
  if (faults.imageCodes) {
    return {
      codeId,
      kind: 'image',
      imageBase64: cardImage(sandboxKey()),
      filename: `${codeId}.png`,
      mimeType: 'image/png',
    };
  }
  return { codeId, kind: 'text', code: sandboxKey() };
}

export type Stockroom = {
  readonly state: StockroomState;
  save(): void;
  /** Visible products in catalogue order. */
  visibleProducts(): SandboxProduct[];
  product(sku: string): SandboxProduct | null;
  /** The purchase fault switches applied, then the purchase (or the first one for its clientRef). */
  purchase(request: PurchaseRequest): PurchaseOutcome;
  findByClientRef(clientRef: string): SandboxPurchase | null;
  findPurchase(purchaseId: string): SandboxPurchase | null;
  findCode(codeId: string): { purchase: SandboxPurchase; code: SandboxCode } | null;
  /** Turns every pre-order code into a real one; answers the purchases that changed. */
  releasePreOrders(): SandboxPurchase[];
};

export type StockroomOptions = {
  supplier: SupplierId;
  /** Folder of the sandbox's state file (`<supplier>-sandbox.json`). */
  dir: string;
  /** Products in a fresh catalogue (a few hundred by default; benches ask for 10,000). */
  productCount?: number;
  /** A fresh account's balance, cents. */
  balanceCents?: number;
  currency?: Currency;
};

export function openStockroom(options: StockroomOptions): Stockroom {
  const store: JsonStore<StockroomState> = openJsonStore(
    path.join(options.dir, `${options.supplier}-sandbox.json`),
    () => {
      const catalogue = seedSandboxCatalogue(
        options.supplier,
        options.productCount,
        options.currency,
      );
      return {
        products: Object.fromEntries(catalogue.map((p) => [p.sku, p])),
        skus: catalogue.map((p) => p.sku),
        purchases: {},
        byClientRef: {},
        balanceCents: options.balanceCents ?? 10_000_000,
        faults: { ...NO_FAULTS },
      };
    },
  );
  const state = store.state;
  state.faults = { ...NO_FAULTS, ...state.faults };

  const findPurchase = (id: string) => state.purchases[id] ?? null;

  return {
    state,
    save: () => store.save(),
    visibleProducts: () => state.skus.map((s) => state.products[s]!).filter((p) => !p.hidden),
    product: (sku) => state.products[sku] ?? null,
    findPurchase,
    findByClientRef: (ref) => {
      const id = state.byClientRef[ref];
      return id ? findPurchase(id) : null;
    },
    findCode(codeId) {
      for (const purchase of Object.values(state.purchases)) {
        const code = purchase.codes.find((c) => c.codeId === codeId);
        if (code) return { purchase, code };
      }
      return null;
    },

    purchase(request) {
      const earlier = state.byClientRef[request.clientRef];
      if (earlier && !state.faults.noDedup) {
        return { ok: true, purchase: state.purchases[earlier]!, repeated: true, answerLost: false };
      }
      const product = state.products[request.sku];
      if (!product || product.hidden) return { ok: false, refusal: 'NOT_FOUND', product: null };
      const f = state.faults;
      if (f.outOfStockAtPurchase) {
        f.outOfStockAtPurchase = false;
        product.quantity = 0;
        store.save();
      }
      if (f.priceRisePercentAtPurchase > 0) {
        product.priceCents = Math.round(
          product.priceCents * (1 + f.priceRisePercentAtPurchase / 100),
        );
        f.priceRisePercentAtPurchase = 0;
        store.save();
      }
      if (product.quantity < request.quantity && !product.preOrder) {
        return { ok: false, refusal: 'OUT_OF_STOCK', product };
      }
      if (request.maxUnitPriceCents !== null && product.priceCents > request.maxUnitPriceCents) {
        return { ok: false, refusal: 'PRICE_CHANGED', product };
      }
      const total = product.priceCents * request.quantity;
      if (total > state.balanceCents)
        return { ok: false, refusal: 'INSUFFICIENT_BALANCE', product };
      const preOrder = product.preOrder || f.preOrders;
      const purchase: SandboxPurchase = {
        purchaseId: sandboxId('', 16, true),
        clientRef: request.clientRef,
        sku: product.sku,
        quantity: request.quantity,
        unitPriceCents: product.priceCents,
        currency: product.currency,
        createdAt: new Date().toISOString(),
        codes: Array.from({ length: request.quantity }, () => newCode(f, preOrder)),
      };
      if (!product.preOrder) product.quantity -= request.quantity;
      state.balanceCents -= total;
      state.purchases[purchase.purchaseId] = purchase;
      // The first purchase stays the one a lookup by reference finds (noDedup makes others).
      state.byClientRef[purchase.clientRef] ??= purchase.purchaseId;
      const answerLost = f.loseNextPurchaseAnswer;
      f.loseNextPurchaseAnswer = false;
      store.save();
      return { ok: true, purchase, repeated: false, answerLost };
    },

    releasePreOrders() {
      const changed: SandboxPurchase[] = [];
      for (const purchase of Object.values(state.purchases)) {
        if (!purchase.codes.some((c) => c.kind === 'preorder')) continue;
        purchase.codes = purchase.codes.map((c) =>
          c.kind === 'preorder' ? { codeId: c.codeId, kind: 'text', code: sandboxKey() } : c,
        );
        changed.push(purchase);
      }
      if (changed.length) store.save();
      return changed;
    },
  };
}

/**
 * The test-control routes every supplier sandbox has besides its API: the fault switches,
 * changing a product (stock, price, pre-order, hidden), the balance, and releasing pre-orders.
 * `onRelease` lets a sandbox announce released pre-orders its own way (CodesWholesale posts a
 * `PREORDER` postback); `onProductChange` likewise (a `STOCK` postback).
 */
export function stockroomControlRoutes(
  room: Stockroom,
  hooks: {
    onRelease?: (purchases: SandboxPurchase[]) => void;
    onProductChange?: (product: SandboxProduct) => void;
  } = {},
) {
  const editable = ['quantity', 'priceCents', 'preOrder', 'hidden'] as const;
  return new Hono()
    .route(
      '/',
      faultRoutes(
        () => room.state.faults,
        () => room.save(),
      ),
    )
    .get('/sandbox/purchases', (c) => c.json(Object.values(room.state.purchases)))
    .get('/sandbox/products/:sku', (c) => {
      const product = room.product(c.req.param('sku'));
      return product ? c.json(product) : c.json({ message: 'no such sku' }, 404);
    })
    .post('/sandbox/products/:sku', async (c) => {
      const product = room.product(c.req.param('sku'));
      if (!product) return c.json({ message: 'no such sku' }, 404);
      const body = await readJsonObject(c);
      if (!body) return c.json({ message: `a JSON object of ${editable.join(', ')}` }, 400);
      for (const [key, value] of Object.entries(body)) {
        const field = editable.find((f) => f === key);
        if (!field || typeof value !== typeof product[field]) {
          return c.json({ message: `${key}: not an editable field of that type` }, 400);
        }
        Object.assign(product, { [field]: value });
      }
      room.save();
      hooks.onProductChange?.(product);
      return c.json(product);
    })
    .post('/sandbox/balance', async (c) => {
      const body = await readJsonObject(c);
      if (typeof body?.balanceCents !== 'number') {
        return c.json({ message: 'balanceCents: a number' }, 400);
      }
      room.state.balanceCents = body.balanceCents;
      room.save();
      return c.json({ balanceCents: room.state.balanceCents });
    })
    .post('/sandbox/preorders/release', (c) => {
      const released = room.releasePreOrders();
      hooks.onRelease?.(released);
      return c.json({ released: released.map((p) => p.purchaseId) });
    });
}
