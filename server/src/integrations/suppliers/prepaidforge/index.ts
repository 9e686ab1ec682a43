import type { Currency } from '@market/shared';
import { shopCurrency } from '../../payments/amounts.ts';
import { createSupplierHttp } from '../supplier-http.ts';
import {
  SupplierError,
  type Supplier,
  type SupplierCode,
  type SupplierConnectionOptions,
  type SupplierPrice,
  type SupplierProduct,
  type SupplierPurchase,
  type SupplierStock,
} from '../supplier.ts';
import { fail, parse, refusal, toCents } from './answers.ts';
import { createSession } from './session.ts';
import {
  BalanceSchema,
  CODE_TYPES,
  OrderAnswerSchema,
  ProductPageSchema,
  StockListSchema,
  type CodeType,
  type WireCodeDelivery,
  type WireMoney,
  type WireProduct,
  type WireStockRow,
} from './wire.ts';

/*
 * PrepaidForge (prepaid cards and software keys) behind the `Supplier` contract. Its API is not
 * published: README.md says what we took from where and what our sandbox defines. In short:
 * a signed-in token on every call; the catalogue by pages, its stock from `findStocks`; an
 * order carries our `clientRef` as `customOrderReference`, PrepaidForge's only handle on it, so
 * that reference is also the purchase id; prices are decimals in the account's currency.
 */

const PAGE_SIZE = 100;

/** What one sku has now, all code types together, and the type to order (the cheapest in stock). */
type Stock = { quantity: number; price: SupplierPrice; codeType: CodeType };

export function createPrepaidforgeSupplier(
  options: SupplierConnectionOptions<'prepaidforge'>,
): Supplier {
  const http = createSupplierHttp({
    ...options.http,
    supplier: 'prepaidforge',
    baseUrl: options.baseUrl,
    log: options.log,
  });
  const session = createSession(http, options.credentials);
  const apiOrigin = new URL(options.baseUrl).origin;

  const priceOf = (money: WireMoney): SupplierPrice => {
    const currency = shopCurrency(money.currency);
    if (!currency) throw fail('REJECTED', `PrepaidForge priced in ${money.currency}`, 'currency');
    return { cents: toCents(money.amount), currency };
  };

  // findStocks and orders price in the account's currency without naming it: the balance does.
  let accountCurrency: Currency | null = null;
  async function balance() {
    const answer = await session.call('GET', '/1.0/balance');
    const available = priceOf(parse(BalanceSchema, answer, 'balance').balance);
    accountCurrency = available.currency;
    return { available };
  }
  const currency = async () => accountCurrency ?? (await balance()).available.currency;

  /** Stock per sku; skus PrepaidForge does not know are absent. */
  async function stockOf(skus: string[]): Promise<Map<string, Stock>> {
    const answer = await session.call('POST', '/1.0/findStocks', {
      body: { types: CODE_TYPES, skus },
    });
    const rows = parse(StockListSchema, answer, 'stock list');
    const inCurrency = await currency();
    const bySku = new Map<string, WireStockRow[]>();
    for (const row of rows) bySku.set(row.product, [...(bySku.get(row.product) ?? []), row]);
    const stock = new Map<string, Stock>();
    for (const [sku, list] of bySku) {
      // Third-party code reads a negative quantity as "unlimited"; unconfirmed, so we sell none
      // rather than oversell.
      const quantity = (row: WireStockRow) => Math.max(0, row.quantity);
      const cheapestFirst = [...list].sort((a, b) => a.purchasePrice - b.purchasePrice);
      const best = cheapestFirst.find((row) => quantity(row) > 0) ?? cheapestFirst[0]!;
      stock.set(sku, {
        quantity: list.reduce((sum, row) => sum + quantity(row), 0),
        price: { cents: toCents(best.purchasePrice), currency: inCurrency },
        codeType: best.type,
      });
    }
    return stock;
  }

  const toProduct = (p: WireProduct, stock: Stock | undefined): SupplierProduct => ({
    sku: p.sku,
    name: p.name,
    platform: p.platforms?.[0] ?? null,
    regions: p.countries ?? [],
    quantity: stock?.quantity ?? 0,
    // What it costs us is the stock's purchase price; the list price only when none is held.
    price: stock?.price ?? priceOf(p.defaultPrice),
    imageUrl: p.imageUrl ?? null,
    preOrder: p.preOrder ?? false,
  });

  async function toPurchase(units: WireCodeDelivery[]): Promise<SupplierPurchase> {
    const first = units[0]!;
    return {
      purchaseId: first.customOrderReference,
      clientRef: first.customOrderReference,
      sku: first.sku,
      quantity: units.length,
      unitPrice: { cents: toCents(first.price), currency: await currency() },
      status: units.some((u) => u.codeType === 'PREORDER') ? 'pending' : 'completed',
    };
  }

  /** The order placed with `clientRef`, one unit each; null when there is none. */
  async function orderUnits(clientRef: string): Promise<WireCodeDelivery[] | null> {
    const answer = await session.call('POST', '/1.0/getResponseOfSingleApiCodeRequest', {
      body: { customOrderReference: clientRef },
    });
    if (answer.status === 404) return null;
    return parse(OrderAnswerSchema, answer, 'order');
  }

  async function findPurchase(clientRef: string) {
    const units = await orderUnits(clientRef);
    return units ? toPurchase(units) : null;
  }

  /** A scanned card: the image behind its download link, our token sent only to the API's host. */
  async function scan(unit: WireCodeDelivery): Promise<SupplierCode> {
    if (!unit.image) throw fail('UNAVAILABLE', 'PrepaidForge sent a scan without its image');
    const link = unit.image.downloadLink;
    const answer =
      new URL(link).origin === apiOrigin
        ? await session.call('GET', link, { binary: true })
        : await http.call('GET', link, { binary: true });
    if (answer.status !== 200 || !(answer.body instanceof Uint8Array)) {
      throw refusal(answer, 'scan download');
    }
    const { filetype, filename } = unit.image;
    return {
      kind: 'image',
      codeId: unit.serial,
      imageBase64: Buffer.from(answer.body).toString('base64'),
      filename,
      mimeType: filetype.includes('/') ? filetype : `image/${filetype.toLowerCase()}`,
    };
  }

  async function toCode(unit: WireCodeDelivery): Promise<SupplierCode> {
    if (unit.codeType === 'PREORDER') return { kind: 'preorder', codeId: unit.serial };
    if (unit.codeType === 'SCAN') return scan(unit);
    if (!unit.code) throw fail('UNAVAILABLE', 'PrepaidForge sent a text code without its text');
    return { kind: 'text', codeId: unit.serial, code: unit.code };
  }

  return {
    id: 'prepaidforge',

    async listProducts(cursor) {
      const page = cursor === null ? 0 : Number(cursor);
      if (!Number.isSafeInteger(page) || page < 0) throw fail('REJECTED', `bad cursor ${cursor}`);
      const answer = await session.call('POST', '/1.0/findProductPage', {
        body: { page, pageSize: PAGE_SIZE },
      });
      const { content, pageCount } = parse(ProductPageSchema, answer, 'product page');
      // Withdrawn products cannot be bought: they leave the catalogue.
      const active = content.filter((p) => p.active);
      const stock = active.length ? await stockOf(active.map((p) => p.sku)) : new Map();
      const last = content.length < PAGE_SIZE || (pageCount !== undefined && page + 1 >= pageCount);
      return {
        items: active.map((p) => toProduct(p, stock.get(p.sku))),
        next: last ? null : String(page + 1),
      };
    },

    async getStock(skus) {
      if (!skus.length) return [];
      const stock = await stockOf(skus);
      return skus.flatMap((sku): SupplierStock[] => {
        const s = stock.get(sku);
        return s ? [{ sku, quantity: s.quantity, price: s.price }] : [];
      });
    },

    async purchase(input) {
      const account = await currency();
      if (input.maxUnitPrice.currency !== account) {
        const asked = input.maxUnitPrice.currency;
        throw fail('REJECTED', `PrepaidForge prices this account in ${account}, not ${asked}`);
      }
      const stock = (await stockOf([input.sku])).get(input.sku);
      let answer;
      try {
        answer = await session.call('POST', '/1.0/createApiOrder', {
          body: {
            sku: input.sku,
            // The price guard: PrepaidForge refuses the order when its price is above this.
            price: input.maxUnitPrice.cents / 100,
            codeType: stock?.codeType ?? 'TEXT',
            quantity: input.quantity,
            customOrderReference: input.clientRef,
          },
        });
      } catch (err) {
        if (!(err instanceof SupplierError) || err.code !== 'UNAVAILABLE') throw err;
        // The order may have been placed and its answer lost: ask for it by our reference
        // instead of ordering again. Not found (or not answering) leaves the caller to ask later.
        const placed = await findPurchase(input.clientRef).catch(() => null);
        if (placed) return placed;
        throw err;
      }
      return toPurchase(parse(OrderAnswerSchema, answer, 'order'));
    },

    findPurchase,

    async codes(purchase) {
      const units = await orderUnits(purchase.clientRef);
      if (!units) throw fail('NOT_FOUND', `PrepaidForge has no order ${purchase.clientRef}`);
      return Promise.all(units.map(toCode));
    },

    balance,
    breakerState: () => http.breakerState(),
  };
}
