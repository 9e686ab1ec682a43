import type { z } from 'zod';
import { createSupplierHttp, type SupplierAnswer, type SupplierRequest } from '../supplier-http.ts';
import {
  SupplierError,
  type PurchaseStatus,
  type Supplier,
  type SupplierCode,
  type SupplierConnectionOptions,
  type SupplierErrorCode,
  type SupplierProduct,
  type SupplierPurchase,
  type SupplierStock,
} from '../supplier.ts';
import { codeKind, toSupplierCode } from './codes.ts';
import {
  AccountSchema,
  centsToEur,
  CodeSchema,
  CW_ERRORS,
  ErrorSchema,
  eurToCents,
  OrderHistorySchema,
  OrderSchema,
  ProductListSchema,
  ProductSchema,
  TokenSchema,
  type WireOrder,
  type WireProduct,
} from './wire.ts';

export {
  parseCodeswholesalePostback,
  postbackAuthHash,
  type CodeswholesalePostback,
} from './postback.ts';

/*
 * CodesWholesale v2 (README.md): OAuth client credentials, the whole price list in one answer,
 * orders carrying our reference as `orderId`, codes read from the order. Prices are EUR.
 */

/** Products per `listProducts` page, cut from the one price-list answer. */
const PAGE_SIZE = 100;
/** How long a fetched price list serves the pages after the first. */
const SNAPSHOT_TTL_MS = 10 * 60_000;
/** Up to this many skus `getStock` asks product by product; more, it reads the price list. */
const STOCK_SINGLE_LIMIT = 10;
/**
 * A price list read for stock serves the stock questions of this long: a sync asks 100 skus at a
 * time, and reading the whole list for each batch read a 10,000-product list ten times per sync.
 * A purchase never relies on it (the order's own price guard does).
 */
const STOCK_LIST_TTL_MS = 30_000;
/** How far back `findPurchase` searches the order history. */
const HISTORY_DAYS = 30;
const DAY_MS = 86_400_000;

type Method = 'GET' | 'POST';

export function createCodeswholesaleSupplier(
  options: SupplierConnectionOptions<'codeswholesale'>,
): Supplier {
  const http = createSupplierHttp({
    ...options.http,
    supplier: 'codeswholesale',
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    log: options.log,
  });
  const { clientId, clientSecret } = options.credentials;
  const fail = (code: SupplierErrorCode, message: string, supplierCode: string | null = null) =>
    new SupplierError('codeswholesale', code, message, supplierCode);

  function parse<S extends z.ZodType>(schema: S, answer: SupplierAnswer, what: string): z.infer<S> {
    const parsed = schema.safeParse(answer.body);
    if (parsed.success) return parsed.data;
    options.log?.warn(
      { supplier: 'codeswholesale', what, issues: parsed.error.issues },
      'unexpected answer',
    );
    throw fail('UNAVAILABLE', `CodesWholesale answered an unexpected ${what}`, 'malformed-answer');
  }

  /** A non-2xx answer as the error the marketplace acts on. */
  function refusal(answer: SupplierAnswer, what: string): SupplierError {
    const body = ErrorSchema.safeParse(answer.body);
    const e = body.success ? body.data : {};
    const cwCode = e.errorCode ?? e.code;
    const supplierCode =
      cwCode === null || cwCode === undefined ? String(answer.status) : String(cwCode);
    const message = `${what}: ${e.developerMessage ?? e.message ?? e.error_description ?? `answered ${answer.status}`}`;
    const byCode: Record<string, SupplierErrorCode> = {
      [CW_ERRORS.insufficientBalance]: 'INSUFFICIENT_BALANCE',
      [CW_ERRORS.outOfStock]: 'OUT_OF_STOCK',
      [CW_ERRORS.priceAboveLimit]: 'PRICE_CHANGED',
      [CW_ERRORS.productNotFound]: 'NOT_FOUND',
    };
    const code =
      byCode[supplierCode] ??
      (answer.status === 401 || answer.status === 403
        ? 'UNAUTHORIZED'
        : answer.status === 404
          ? 'NOT_FOUND'
          : 'REJECTED');
    return fail(code, message, supplierCode);
  }

  // One bearer token per connection, shared by concurrent calls and renewed shortly before it
  // expires (a tenth of its life early, at most a minute), or at once when a call answers 401.
  let token: { value: string; renewAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  async function requestToken(): Promise<string> {
    const answer = await http.call('POST', '/oauth/token', {
      form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
    });
    if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
      throw fail('UNAUTHORIZED', refusal(answer, 'token').message, String(answer.status));
    }
    if (answer.status >= 300) throw refusal(answer, 'token');
    const t = parse(TokenSchema, answer, 'token');
    const lifeMs = t.expires_in * 1000;
    token = { value: t.access_token, renewAt: Date.now() + lifeMs - Math.min(60_000, lifeMs / 10) };
    return t.access_token;
  }

  function bearer(): Promise<string> {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.value);
    tokenRequest ??= requestToken().finally(() => (tokenRequest = null));
    return tokenRequest;
  }

  /** An API call with the bearer token; a 401 gets one fresh token, a second one is final. */
  async function api(method: Method, path: string, request: SupplierRequest = {}) {
    const send = (value: string) =>
      http.call(method, path, { ...request, headers: { Authorization: `Bearer ${value}` } });
    const used = await bearer();
    const answer = await send(used);
    if (answer.status !== 401) return answer;
    if (token?.value === used) token = null;
    const again = await send(await bearer());
    if (again.status === 401) throw fail('UNAUTHORIZED', refusal(again, path).message, '401');
    return again;
  }

  async function getOk(path: string, what: string, query?: SupplierRequest['query']) {
    const answer = await api('GET', path, { query });
    if (answer.status >= 300) throw refusal(answer, what);
    return answer;
  }

  /** The product as the marketplace reads it; null without a price (it cannot be bought). */
  function toProduct(p: WireProduct): SupplierProduct | null {
    const price = firstUnitEur(p);
    if (price === null) return null;
    const images = p.images ?? [];
    const releasedAt = p.releaseDate ? Date.parse(p.releaseDate) : Number.NaN;
    return {
      sku: p.productId,
      name: p.name,
      platform: p.platform ?? null,
      regions: p.regions ?? [],
      quantity: p.quantity,
      price: { cents: eurToCents(price), currency: 'eur' },
      imageUrl: (images.find((i) => i.format === 'MEDIUM') ?? images[0])?.image ?? null,
      preOrder: releasedAt > Date.now(),
    };
  }

  const toStock = (p: SupplierProduct): SupplierStock => ({
    sku: p.sku,
    quantity: p.quantity,
    price: p.price,
  });

  async function priceList(): Promise<SupplierProduct[]> {
    const list = parse(ProductListSchema, await getOk('/v2/products', 'products'), 'product list');
    return list.items.map(toProduct).filter((p) => p !== null);
  }

  async function oneProduct(sku: string): Promise<SupplierProduct | null> {
    const answer = await api('GET', `/v2/products/${encodeURIComponent(sku)}`);
    if (answer.status === 404) return null;
    if (answer.status >= 300) throw refusal(answer, 'product');
    return toProduct(parse(ProductSchema, answer, 'product'));
  }

  // The price list comes whole; pages after the first are cut from the copy the first fetched.
  let snapshot: { at: number; items: SupplierProduct[] } | null = null;

  // The price list for stock questions: one read (in flight or recent) shared by a sync's batches.
  let stockList: { at: number; bySku: Promise<Map<string, SupplierProduct>> } | null = null;
  function stockBySku(): Promise<Map<string, SupplierProduct>> {
    if (!stockList || Date.now() - stockList.at > STOCK_LIST_TTL_MS) {
      const bySku = priceList().then((items) => new Map(items.map((p) => [p.sku, p])));
      const entry = { at: Date.now(), bySku };
      stockList = entry;
      // A failed read is not kept: the next question asks again.
      bySku.catch(() => {
        if (stockList === entry) stockList = null;
      });
    }
    return stockList.bySku;
  }

  function toPurchase(order: WireOrder, clientRef: string): SupplierPurchase {
    const line = order.products[0];
    const codes = order.products.flatMap((p) => p.codes);
    const kinds = codes.map(codeKind);
    const delivered = kinds.filter((k) => k === 'text' || k === 'image').length;
    const status: PurchaseStatus =
      codes.length > 0 && delivered === codes.length
        ? 'completed'
        : delivered === 0 && /fail|cancel|reject/i.test(order.status ?? '')
          ? 'failed'
          : 'pending';
    return {
      purchaseId: order.orderId,
      clientRef: order.clientOrderId ?? clientRef,
      sku: line?.productId ?? '',
      quantity: codes.length,
      unitPrice: { cents: eurToCents(line?.unitPrice ?? 0), currency: 'eur' },
      status,
    };
  }

  async function order(orderId: string): Promise<WireOrder> {
    const answer = await getOk(`/v2/orders/${encodeURIComponent(orderId)}`, 'order');
    return parse(OrderSchema, answer, 'order');
  }

  async function findPurchase(clientRef: string): Promise<SupplierPurchase | null> {
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const now = Date.now();
    // endOn is tomorrow so an order placed just now counts whatever the supplier's time zone.
    const history = parse(
      OrderHistorySchema,
      await getOk('/v2/orders', 'order history', {
        startFrom: day(now - HISTORY_DAYS * DAY_MS),
        endOn: day(now + DAY_MS),
      }),
      'order history',
    );
    const found = history.items.find((o) => o.clientOrderId === clientRef);
    return found ? toPurchase(await order(found.orderId), clientRef) : null;
  }

  return {
    id: 'codeswholesale',
    breakerState: () => http.breakerState(),

    async listProducts(cursor) {
      const offset = cursor === null ? 0 : Number(cursor);
      if (!Number.isSafeInteger(offset) || offset < 0) {
        throw fail('REJECTED', `not a CodesWholesale cursor: ${cursor}`);
      }
      if (cursor === null || !snapshot || Date.now() - snapshot.at > SNAPSHOT_TTL_MS) {
        snapshot = { at: Date.now(), items: await priceList() };
      }
      const items = snapshot.items.slice(offset, offset + PAGE_SIZE);
      const end = offset + items.length;
      const total = snapshot.items.length;
      return { items, next: end < total ? String(end) : null, total };
    },

    async getStock(skus) {
      const wanted = [...new Set(skus)];
      if (wanted.length === 0) return [];
      if (wanted.length <= STOCK_SINGLE_LIMIT) {
        const products = await Promise.all(wanted.map(oneProduct));
        return products.filter((p) => p !== null).map(toStock);
      }
      const bySku = await stockBySku();
      return wanted.flatMap((sku) => {
        const p = bySku.get(sku);
        return p ? [toStock(p)] : [];
      });
    },

    async purchase(input) {
      if (input.maxUnitPrice.currency !== 'eur') {
        throw fail('REJECTED', 'CodesWholesale sells in EUR: the price limit must be in EUR');
      }
      // Whether CodesWholesale answers a repeated orderId with the first order is unconfirmed,
      // so a reference already used is answered from the order history, never bought again.
      const earlier = await findPurchase(input.clientRef);
      if (earlier) return earlier;
      const answer = await api('POST', '/v2/orders', {
        body: {
          allowPreOrder: true,
          orderId: input.clientRef,
          products: [
            {
              productId: input.sku,
              quantity: input.quantity,
              price: centsToEur(input.maxUnitPrice.cents),
            },
          ],
        },
      });
      if (answer.status >= 300) throw refusal(answer, 'order');
      return toPurchase(parse(OrderSchema, answer, 'order'), input.clientRef);
    },

    findPurchase,

    async codes(purchase) {
      const wire = (await order(purchase.purchaseId)).products.flatMap((p) => p.codes);
      const codes: SupplierCode[] = [];
      for (const code of wire) {
        const kind = codeKind(code);
        if (kind === null) {
          throw fail('REJECTED', `unknown code type ${code.codeType ?? code.status}`, 'code-type');
        }
        // An order may leave a code's content out (images, which are large): fetch it alone.
        const mapped =
          toSupplierCode(code) ??
          toSupplierCode(
            parse(
              CodeSchema,
              await getOk(`/v2/codes/${encodeURIComponent(code.codeId)}`, 'code'),
              'code',
            ),
          );
        if (!mapped)
          throw fail('UNAVAILABLE', `code ${code.codeId} came without content`, 'code-empty');
        codes.push(mapped);
      }
      return codes;
    },

    async balance() {
      const account = parse(
        AccountSchema,
        await getOk('/v2/accounts/current', 'account'),
        'account',
      );
      return { available: { cents: eurToCents(account.currentBalance), currency: 'eur' } };
    },
  };
}

/** The price of one unit: the tier from one unit up (the SDK's `getDefaultPrice`), else the lowest. */
function firstUnitEur(p: WireProduct): number | null {
  const tiers = [...p.prices].sort((a, b) => a.from - b.from);
  return (tiers.find((t) => t.from === 1) ?? tiers[0])?.value ?? null;
}
