import type { z } from 'zod';
import {
  SupplierError,
  type PurchaseStatus,
  type Supplier,
  type SupplierCode,
  type SupplierConnectionOptions,
  type SupplierErrorCode,
  type SupplierPurchase,
  type SupplierStock,
} from '../supplier.ts';
import { createSupplierHttp, type SupplierAnswer, type SupplierRequest } from '../supplier-http.ts';
import {
  BggAvailabilitySchema,
  BggCatalogPageSchema,
  BggCodesSchema,
  BggErrorSchema,
  BggPurchaseAnswerSchema,
  BggWalletSchema,
  type BggPurchaseSchema,
} from './wire.ts';

/*
 * BuyGamesGuru's API client, on our PROVISIONAL contract (README.md): BuyGamesGuru publishes no
 * API, so every path, header and field name below is ours until the vendor's real one arrives.
 * This file and wire.ts are the only places that know BuyGamesGuru's wire format.
 */

/** Products per catalogue page (BuyGamesGuru's maximum). */
const PER_PAGE = 100;
/** Availability calls in flight at once (one sku per call). */
const STOCK_CONCURRENCY = 4;

/** BuyGamesGuru's error codes that mean something to the marketplace; the rest map by status. */
const ERROR_CODES = new Map<string | null, SupplierErrorCode>([
  ['API_KEY_MISSING', 'UNAUTHORIZED'],
  ['API_KEY_INVALID', 'UNAUTHORIZED'],
  ['OUT_OF_STOCK', 'OUT_OF_STOCK'],
  ['PRICE_ABOVE_MAX', 'PRICE_CHANGED'],
  ['INSUFFICIENT_WALLET_BALANCE', 'INSUFFICIENT_BALANCE'],
  ['PRODUCT_NOT_FOUND', 'NOT_FOUND'],
  ['PURCHASE_NOT_FOUND', 'NOT_FOUND'],
]);

const STATES: Record<z.infer<typeof BggPurchaseSchema>['state'], PurchaseStatus> = {
  delivered: 'completed',
  preorder: 'pending',
  refunded: 'failed',
};

function byStatus(status: number): SupplierErrorCode {
  if (status === 401 || status === 403) return 'UNAUTHORIZED';
  return status === 404 ? 'NOT_FOUND' : 'REJECTED';
}

/** A BuyGamesGuru refusal as a `SupplierError`, its `error_code` kept for the logs. */
function refusal(answer: SupplierAnswer): SupplierError {
  const parsed = BggErrorSchema.safeParse(answer.body);
  const code = parsed.success ? parsed.data.error_code : null;
  const message = parsed.success ? parsed.data.detail : `answered ${answer.status}`;
  return new SupplierError(
    'buygamesguru',
    ERROR_CODES.get(code) ?? byStatus(answer.status),
    `BuyGamesGuru: ${message}`,
    code ?? String(answer.status),
  );
}

const toPurchase = (p: z.infer<typeof BggPurchaseSchema>): SupplierPurchase => ({
  purchaseId: p.purchase_id,
  clientRef: p.external_ref,
  sku: p.product_sku,
  quantity: p.qty,
  unitPrice: { cents: p.unit_price_cents, currency: p.currency },
  status: STATES[p.state],
});

/**
 * Null when BuyGamesGuru refused with `errorCode` (its "there is none"), the error otherwise: a
 * 404 for another reason (a wrong path) must never read as "no purchase was made".
 */
const noneOn = (errorCode: string) => (err: unknown) => {
  if (err instanceof SupplierError && err.supplierCode === errorCode) return null;
  throw err;
};

/** One seller's connection to BuyGamesGuru, authenticated with their API key. */
export function createBuygamesguruSupplier(
  options: SupplierConnectionOptions<'buygamesguru'>,
): Supplier {
  const http = createSupplierHttp({
    ...options.http,
    supplier: 'buygamesguru',
    baseUrl: options.baseUrl,
    log: options.log,
  });

  /** Calls BuyGamesGuru and parses a 2xx with `schema`; a 4xx becomes the mapped error. */
  async function call<S extends z.ZodType>(
    schema: S,
    method: 'GET' | 'POST',
    path: string,
    request: SupplierRequest = {},
  ): Promise<z.output<S>> {
    const answer = await http.call(method, path, {
      ...request,
      headers: { 'X-Api-Key': options.credentials.apiKey },
    });
    if (answer.status >= 300) throw refusal(answer);
    const parsed = schema.safeParse(answer.body);
    if (parsed.success) return parsed.data;
    // Unreadable is not "refused": a purchase may have happened, so the caller looks it up later.
    options.log?.warn(
      { supplier: 'buygamesguru', path, issues: parsed.error.issues },
      'unknown answer',
    );
    throw new SupplierError(
      'buygamesguru',
      'UNAVAILABLE',
      `BuyGamesGuru answered ${path} unreadably`,
      'bad-answer',
    );
  }

  const availability = (sku: string): Promise<SupplierStock | null> =>
    call(BggAvailabilitySchema, 'GET', `/api/v2/catalog/${encodeURIComponent(sku)}/availability`)
      .then((a) => ({
        sku: a.sku,
        quantity: a.in_stock,
        price: { cents: a.price_cents, currency: a.currency },
      }))
      .catch(noneOn('PRODUCT_NOT_FOUND'));

  return {
    id: 'buygamesguru',

    async listProducts(cursor) {
      // The cursor is the next page number: BuyGamesGuru pages by number.
      const page = await call(BggCatalogPageSchema, 'GET', '/api/v2/catalog', {
        query: { page: cursor ?? '1', per_page: PER_PAGE },
      });
      return {
        items: page.items.map((p) => ({
          sku: p.sku,
          name: p.title,
          platform: p.platform,
          regions: [p.region],
          quantity: p.in_stock,
          price: { cents: p.price_cents, currency: p.currency },
          imageUrl: p.cover_url,
          preOrder: p.is_preorder,
        })),
        next: page.page < page.total_pages ? String(page.page + 1) : null,
        total: page.total_items,
      };
    },

    async getStock(skus) {
      const stock: SupplierStock[] = [];
      for (let i = 0; i < skus.length; i += STOCK_CONCURRENCY) {
        const answers = await Promise.all(skus.slice(i, i + STOCK_CONCURRENCY).map(availability));
        stock.push(...answers.filter((a) => a !== null));
      }
      return stock;
    },

    async purchase(input) {
      // BuyGamesGuru deduplicates on external_ref: a repeat answers the first purchase.
      const answer = await call(BggPurchaseAnswerSchema, 'POST', '/api/v2/purchases', {
        body: {
          product_sku: input.sku,
          qty: input.quantity,
          max_price_cents: input.maxUnitPrice.cents,
          currency: input.maxUnitPrice.currency,
          external_ref: input.clientRef,
        },
      });
      return toPurchase(answer.purchase);
    },

    findPurchase: (clientRef) =>
      call(
        BggPurchaseAnswerSchema,
        'GET',
        `/api/v2/purchases/by-ref/${encodeURIComponent(clientRef)}`,
      )
        .then((a) => toPurchase(a.purchase))
        .catch(noneOn('PURCHASE_NOT_FOUND')),

    async codes(purchase) {
      const answer = await call(
        BggCodesSchema,
        'GET',
        `/api/v2/purchases/${encodeURIComponent(purchase.purchaseId)}/codes`,
      );
      return answer.codes.map((c): SupplierCode => {
        switch (c.format) {
          case 'text':
            return { kind: 'text', codeId: c.code_id, code: c.code };
          case 'image':
            return {
              kind: 'image',
              codeId: c.code_id,
              imageBase64: c.image_base64,
              filename: c.image_name,
              mimeType: c.image_mime,
            };
          case 'pending':
            return { kind: 'preorder', codeId: c.code_id };
        }
      });
    },

    async balance() {
      const { wallet } = await call(BggWalletSchema, 'GET', '/api/v2/wallet');
      return { available: { cents: wallet.balance_cents, currency: wallet.currency } };
    },

    breakerState: () => http.breakerState(),
  };
}
