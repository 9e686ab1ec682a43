import type { z } from 'zod';
import { minorToDecimal, providerCurrency } from '../../payments/amounts.ts';
import {
  SupplierError,
  type PurchaseStatus,
  type Supplier,
  type SupplierCode,
  type SupplierConnectionOptions,
  type SupplierErrorCode,
  type SupplierPurchase,
} from '../supplier.ts';
import { createSupplierHttp, type SupplierAnswer, type SupplierRequest } from '../supplier-http.ts';
import {
  WockBalanceSchema,
  WockErrorSchema,
  WockKeyListSchema,
  WockOrderListSchema,
  WockOrderSchema,
  WockProductPageSchema,
  WockStockListSchema,
} from './wire.ts';

/*
 * Wock's API client, on our PROVISIONAL contract (README.md): Wock publishes no API, so every
 * path, header and field name below is ours until the vendor's real one arrives. This file and
 * wire.ts are the only places that know Wock's wire format.
 */

/** Products per catalogue page (Wock's maximum is 200). */
const PAGE_SIZE = 100;
/** Skus per `POST /v1/stock` (Wock's maximum). */
const STOCK_BATCH = 100;

/** Wock's error codes that mean something to the marketplace; the rest map by HTTP status. */
const ERROR_CODES = new Map<string | null, SupplierErrorCode>([
  ['out_of_stock', 'OUT_OF_STOCK'],
  ['price_changed', 'PRICE_CHANGED'],
  ['insufficient_funds', 'INSUFFICIENT_BALANCE'],
  ['product_not_found', 'NOT_FOUND'],
  ['order_not_found', 'NOT_FOUND'],
]);

const STATUSES: Record<z.infer<typeof WockOrderSchema>['status'], PurchaseStatus> = {
  fulfilled: 'completed',
  awaiting_stock: 'pending',
  cancelled: 'failed',
};

/** A Wock refusal as a `SupplierError` (401/403: the key is refused or lacks the scope). */
function refusal(answer: SupplierAnswer): SupplierError {
  const parsed = WockErrorSchema.safeParse(answer.body);
  const code = parsed.success ? parsed.data.error.code : null;
  const byStatus = answer.status === 404 ? 'NOT_FOUND' : 'REJECTED';
  const mapped: SupplierErrorCode =
    answer.status === 401 || answer.status === 403
      ? 'UNAUTHORIZED'
      : (ERROR_CODES.get(code) ?? byStatus);
  const message = parsed.success ? parsed.data.error.message : `answered ${answer.status}`;
  return new SupplierError('wock', mapped, `Wock: ${message}`, code ?? String(answer.status));
}

const toPurchase = (order: z.infer<typeof WockOrderSchema>): SupplierPurchase => ({
  purchaseId: order.id,
  clientRef: order.reference,
  sku: order.sku,
  quantity: order.quantity,
  unitPrice: order.unitPrice,
  status: STATUSES[order.status],
});

/** One seller's connection to Wock, authenticated with their API key. */
export function createWockSupplier(options: SupplierConnectionOptions<'wock'>): Supplier {
  const http = createSupplierHttp({
    ...options.http,
    supplier: 'wock',
    baseUrl: options.baseUrl,
    log: options.log,
  });
  const authorization = `Bearer ${options.credentials.apiKey}`;

  /** Calls Wock and parses a 2xx with `schema`; a 4xx becomes the mapped `SupplierError`. */
  async function call<S extends z.ZodType>(
    schema: S,
    method: 'GET' | 'POST',
    path: string,
    request: SupplierRequest = {},
  ): Promise<z.output<S>> {
    const answer = await http.call(method, path, {
      ...request,
      headers: { Authorization: authorization, ...request.headers },
    });
    if (answer.status >= 300) throw refusal(answer);
    const parsed = schema.safeParse(answer.body);
    if (parsed.success) return parsed.data;
    // Unreadable is not "refused": a purchase may have happened, so the caller looks it up later.
    options.log?.warn({ supplier: 'wock', path, issues: parsed.error.issues }, 'unknown answer');
    throw new SupplierError(
      'wock',
      'UNAVAILABLE',
      `Wock answered ${path} unreadably`,
      'bad-answer',
    );
  }

  return {
    id: 'wock',

    async listProducts(cursor) {
      const page = await call(WockProductPageSchema, 'GET', '/v1/products', {
        query: { limit: PAGE_SIZE, cursor: cursor ?? undefined },
      });
      return {
        items: page.data.map((p) => ({
          sku: p.sku,
          name: p.name,
          platform: p.platform,
          regions: p.regions,
          quantity: p.stock,
          price: p.price,
          imageUrl: p.imageUrl,
          preOrder: p.releaseState === 'preorder',
        })),
        next: page.nextCursor,
      };
    },

    async getStock(skus) {
      const stock = [];
      for (let i = 0; i < skus.length; i += STOCK_BATCH) {
        const batch = skus.slice(i, i + STOCK_BATCH);
        const answer = await call(WockStockListSchema, 'POST', '/v1/stock', {
          body: { skus: batch },
        });
        stock.push(...answer.data.map((s) => ({ sku: s.sku, quantity: s.stock, price: s.price })));
      }
      return stock;
    },

    async purchase(input) {
      const { currency, cents } = input.maxUnitPrice;
      const order = await call(WockOrderSchema, 'POST', '/v1/orders', {
        // Wock deduplicates on the header; the body's reference is what `findPurchase` searches.
        headers: { 'Idempotency-Key': input.clientRef },
        body: {
          sku: input.sku,
          quantity: input.quantity,
          maxUnitPrice: {
            amount: minorToDecimal(cents, currency),
            currency: providerCurrency(currency),
          },
          reference: input.clientRef,
        },
      });
      return toPurchase(order);
    },

    async findPurchase(clientRef) {
      const found = await call(WockOrderListSchema, 'GET', '/v1/orders', {
        query: { reference: clientRef },
      });
      const order = found.data[0];
      return order ? toPurchase(order) : null;
    },

    async codes(purchase) {
      const keys = await call(
        WockKeyListSchema,
        'GET',
        `/v1/orders/${encodeURIComponent(purchase.purchaseId)}/keys`,
      );
      return keys.data.map((k): SupplierCode => {
        switch (k.type) {
          case 'text':
            return { kind: 'text', codeId: k.id, code: k.value };
          case 'image':
            return {
              kind: 'image',
              codeId: k.id,
              imageBase64: k.base64,
              filename: k.fileName,
              mimeType: k.contentType,
            };
          case 'preorder':
            return { kind: 'preorder', codeId: k.id };
        }
      });
    },

    async balance() {
      const answer = await call(WockBalanceSchema, 'GET', '/v1/account/balance');
      return { available: answer.available };
    },

    breakerState: () => http.breakerState(),
  };
}
