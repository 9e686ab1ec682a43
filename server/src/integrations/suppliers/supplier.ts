import type { Currency, SupplierCredentials, SupplierId } from '@market/shared';
import type { Logger } from '../../logger.ts';

export { SUPPLIER_IDS, type SupplierId } from '@market/shared';

/**
 * The one contract the four key suppliers (PrepaidForge, Wock, CodesWholesale, BuyGamesGuru)
 * implement, so offers, sync and delivery never branch on the supplier. Each adapter is a real
 * HTTP client of one supplier's API (`integrations/suppliers/<id>/`); offline it talks to that
 * supplier's local sandbox (`sandboxes/suppliers/<id>/`).
 *
 * Money is integer cents in the supplier's own currency (`currency` on every price); the
 * marketplace converts with the admin exchange rates.
 *
 * Idempotency: `purchase` takes a `clientRef` (`<orderId>:<line>:<unit>` for on-demand units,
 * `stock:<offerId>:<batch>` for stocked buys) that the supplier stores with the purchase. Calling
 * `purchase` again with the same `clientRef` never buys twice: it answers the first purchase.
 * After a timeout or a crash the caller asks `findPurchase(clientRef)` before anything else.
 */

/** A price in the supplier's currency. */
export type SupplierPrice = { cents: number; currency: Currency };

/** One product of a supplier's catalogue, as the mapping screen and the sync read it. */
export type SupplierProduct = {
  /** The supplier's id for what we buy (CodesWholesale `productId`, PrepaidForge `sku`). */
  sku: string;
  name: string;
  /** As the supplier spells it (`Steam`, `PSN`…); mapping normalises it. */
  platform: string | null;
  /** As the supplier spells them (`WORLDWIDE`, `EU`, `US`…). */
  regions: string[];
  /** Units available now; 0 when out of stock. */
  quantity: number;
  /** What one unit costs us now (the lowest quantity tier). */
  price: SupplierPrice;
  imageUrl: string | null;
  /** Released later: a purchase now is a pre-order whose codes arrive later. */
  preOrder: boolean;
};

/**
 * One page of the catalogue; `next` is null on the last page. `total` is the catalogue's size when
 * the supplier says it (import jobs show a determinate progress bar with it).
 */
export type SupplierProductPage = { items: SupplierProduct[]; next: string | null; total?: number };

/** Stock and price of one sku now. */
export type SupplierStock = { sku: string; quantity: number; price: SupplierPrice };

export type PurchaseInput = {
  sku: string;
  quantity: number;
  /**
   * The most we pay per unit (the offer's cost ceiling): the supplier refuses the purchase
   * (`PRICE_CHANGED`) rather than charge more.
   */
  maxUnitPrice: SupplierPrice;
  /** Our reference, stored by the supplier: one purchase per clientRef, ever. */
  clientRef: string;
};

/**
 * `completed`: every code is there; `pending`: accepted, codes not yet all there (pre-orders,
 * slow fulfilment: ask `codes` again later or wait for the postback); `failed`: nothing bought.
 */
export type PurchaseStatus = 'completed' | 'pending' | 'failed';

export type SupplierPurchase = {
  /** The supplier's id for the purchase. */
  purchaseId: string;
  clientRef: string;
  sku: string;
  quantity: number;
  unitPrice: SupplierPrice;
  status: PurchaseStatus;
};

/** One unit's code: a text key, an image (a scanned card), or a pre-order still waiting. */
export type SupplierCode =
  | { kind: 'text'; codeId: string; code: string }
  | { kind: 'image'; codeId: string; imageBase64: string; filename: string; mimeType: string }
  | { kind: 'preorder'; codeId: string };

export type SupplierBalance = { available: SupplierPrice };

/** Why a supplier call failed, in terms the marketplace acts on. */
export type SupplierErrorCode =
  /** Credentials refused (after one fresh token). */
  | 'UNAUTHORIZED'
  /** Not enough stock for the quantity asked. */
  | 'OUT_OF_STOCK'
  /** The unit price is now above `maxUnitPrice`. */
  | 'PRICE_CHANGED'
  /** The supplier account's balance does not cover the purchase. */
  | 'INSUFFICIENT_BALANCE'
  /** No such sku or purchase. */
  | 'NOT_FOUND'
  /** Refused as asked (a 4xx we do not map): do not retry. */
  | 'REJECTED'
  /** Down, timing out, 5xx or 429 after the retries, or the breaker is open: try again later. */
  | 'UNAVAILABLE';

export class SupplierError extends Error {
  readonly supplier: SupplierId;
  readonly code: SupplierErrorCode;
  /** The supplier's own error code or HTTP status, for logs and the admin's purchase list. */
  readonly supplierCode: string | null;

  constructor(
    supplier: SupplierId,
    code: SupplierErrorCode,
    message: string,
    supplierCode: string | null = null,
  ) {
    super(message);
    this.name = 'SupplierError';
    this.supplier = supplier;
    this.code = code;
    this.supplierCode = supplierCode;
  }
}

/** One seller's connection to one supplier, as its adapter sees it. */
export interface Supplier {
  readonly id: SupplierId;
  /** The catalogue page after `cursor` (null: the first page). */
  listProducts(cursor: string | null): Promise<SupplierProductPage>;
  /** Stock and price of each sku; unknown skus are left out of the answer. */
  getStock(skus: string[]): Promise<SupplierStock[]>;
  /** Buys, idempotent by `clientRef` (a repeat answers the first purchase). */
  purchase(input: PurchaseInput): Promise<SupplierPurchase>;
  /** The purchase made with `clientRef`, or null when none was made. */
  findPurchase(clientRef: string): Promise<SupplierPurchase | null>;
  /** The codes of a purchase, one per unit, in a stable order. */
  codes(purchase: SupplierPurchase): Promise<SupplierCode[]>;
  balance(): Promise<SupplierBalance>;
  /** The connection's circuit breaker, for the consoles (open: calls fail fast). */
  breakerState(): BreakerState;
}

/**
 * What every adapter's factory (`create<Name>Supplier` in `<id>/index.ts`) takes: where the
 * supplier's API is (the real one, or offline its sandbox), one seller's credentials, and the
 * HTTP client's tuning (tests shorten timeouts and backoff).
 */
export type SupplierConnectionOptions<Id extends SupplierId> = {
  baseUrl: string;
  credentials: SupplierCredentials[Id];
  log?: Logger;
  http?: Partial<SupplierHttpTuning>;
};

/** A connection's circuit breaker: `open` while calls fail fast after repeated failures. */
export type BreakerState = 'closed' | 'open' | 'half-open';

/** How the shared HTTP client times out, retries and breaks (defaults in supplier-http.ts). */
export type SupplierHttpTuning = {
  /** Per attempt. */
  timeoutMs: number;
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** The first retry's delay; each next one doubles, up to `maxDelayMs`. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the call gives up (UNAVAILABLE). */
  maxRetryAfterMs: number;
  /** Consecutive transient failures that open the breaker. */
  breakerThreshold: number;
  /** How long the breaker stays open before one call may try again. */
  halfOpenAfterMs: number;
};
