import http from 'node:http';
import { ObjectId, type Db } from 'mongodb';
import type { HttpError } from 'ra-core';
import { expect } from 'vitest';
import {
  ApiErrorSchema,
  SellerOfferSchema,
  type Currency,
  type Locale,
  type SellerOfferCreate,
} from '@market/shared';
import {
  createProductRepository,
  NO_PRICE_RANGE,
  type ProductDoc,
} from '../src/modules/products/products.repository.ts';
import type { TestAccount, TestServer } from './harness.ts';

export type ProductFixture = Partial<Omit<ProductDoc, '_id' | 'name'>> & {
  /** The English name (the Italian one is `<name> (IT)`), or both. */
  name?: string | Record<Locale, string>;
};

let serial = 0;

/**
 * A game key nobody sells yet, written straight to the database (as an admin's product would
 * be); `fields` override the defaults. Returns its id.
 */
export async function newProduct(db: Db, fields: ProductFixture = {}): Promise<string> {
  const now = new Date();
  const i = serial++;
  const { name = `Product Probe ${i}`, ...rest } = fields;
  const doc = await createProductRepository(db).upsertBySlug({
    slug: `product-probe-${i}`,
    categoryId: 'games',
    brand: 'Northwind Games',
    platform: 'steam',
    region: 'Global',
    type: 'key',
    description: { en: 'A probe', it: 'Una sonda' },
    images: [],
    tags: [],
    ...NO_PRICE_RANGE,
    createdAt: now,
    updatedAt: now,
    ...rest,
    name: typeof name === 'string' ? { en: name, it: `${name} (IT)` } : name,
  });
  return doc!._id.toHexString();
}

/** The product as the database holds it. */
export const productDoc = (db: Db, id: string) =>
  db.collection<ProductDoc>('products').findOne({ _id: new ObjectId(id) });

/**
 * `seller`'s offer on the product at these input prices (cents), through the seller API; `fields`
 * adds the body's other fields (where the keys activate, zero VAT).
 */
export async function sell(
  t: TestServer,
  seller: TestAccount,
  productId: string,
  prices: Partial<Record<Currency, number>> = { eur: 1999 },
  fields: Partial<Pick<SellerOfferCreate, 'region' | 'zeroVat'>> = {},
) {
  const res = await t.call('POST', '/api/seller/offers', {
    token: seller.token,
    body: { productId, prices, ...fields },
  });
  expect(res.status).toBe(201);
  return SellerOfferSchema.parse(await res.json());
}

/** Uploads `codes` to `seller`'s offer through the seller API. */
export async function uploadKeys(
  t: TestServer,
  seller: TestAccount,
  offerId: string,
  codes: string[],
) {
  const res = await t.call('POST', `/api/seller/offers/${offerId}/keys`, {
    token: seller.token,
    body: { codes },
  });
  expect(res.status).toBe(200);
}

let codeSerial = 0;
/** Fresh codes no other test has uploaded. */
export const freshCodes = (count: number) =>
  Array.from(
    { length: count },
    () => `PROBE-${process.pid}-${String(codeSerial++).padStart(4, '0')}`,
  );

/** The `errors` map of an error answer (empty when it has none). */
export const errorsOf = async (res: Response) =>
  ApiErrorSchema.parse(await res.json()).errors ?? {};

/** Asserts the status and that each field has an error message; returns the error body. */
export async function expectFieldErrors(res: Response, status: number, fields: string[]) {
  expect(res.status).toBe(status);
  const body = ApiErrorSchema.parse(await res.json());
  for (const field of fields) expect(body.errors?.[field], field).toBeTruthy();
  return body;
}

/** The react-admin client's rejection, to assert its status and error body. */
export async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (err) {
    return err as HttpError;
  }
  throw new Error('expected the call to fail');
}

/**
 * One request to the server at `baseUrl` under the host name a browser would send (fetch cannot
 * set `Host`), with what came back.
 */
export function requestAs(baseUrl: string, method: string, path: string, host: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request(`${baseUrl}${path}`, { method, headers: { host } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}
