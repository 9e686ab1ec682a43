import http from 'node:http';
import zlib from 'node:zlib';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyDoc } from '../src/modules/keys/keys.repository.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/*
 * The public pages' cache, through the real server and the built storefront: a second view is
 * served from the cache, and each write that changes a page (an offer's price, a stock-out, a
 * catalogue edit, an exchange rate) shows on the very next view.
 */

let t: TestServer;
let admin: TestAccount;
let seller: TestAccount;
let host: string;
// Small enough that the eviction test overflows it with a few dozen pages.
const MAX_MB = 0.75;

beforeAll(async () => {
  t = await startTestServer({ storefront: true, env: { PAGE_CACHE_MAX_MB: String(MAX_MB) } });
  host = new URL(process.env.PUBLIC_ORIGIN!).host;
  [admin, seller] = await Promise.all([t.account('admin'), t.account('seller')]);
});
afterAll(() => t.close());

type Page = { status: number; headers: http.IncomingHttpHeaders; html: string; bytes: number };

/** A page as a browser asks for it (under the public host), its body decoded. */
function view(path: string, headers: Record<string, string> = {}): Promise<Page> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${t.url}${path}`, { headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body =
          encoding === 'br'
            ? zlib.brotliDecompressSync(raw)
            : encoding === 'gzip'
              ? zlib.gunzipSync(raw)
              : raw;
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          html: body.toString(),
          bytes: raw.length,
        });
      });
    });
    req.on('error', reject);
  });
}

/** A product on sale by `seller` at `eur` cents with `keys` keys; its id, slug path and offer. */
async function productOnSale(eur: number, keys = 1) {
  const productId = await newProduct(t.db);
  const offer = await sell(t, seller, productId, { eur });
  await uploadKeys(t, seller, offer.id, freshCodes(keys));
  const res = await t.call('GET', `/api/admin/products/${productId}`, { token: admin.token });
  const { slug } = (await res.json()) as { slug: string };
  return { productId, offer, path: `/product/${productId}/${slug}` };
}

/** The EUR prices shown in a page's price spans. */
const eurPrices = (html: string) =>
  [...html.matchAll(/data-eur="(\d+)"/g)].map((m) => Number(m[1]));

describe('page cache', () => {
  it('serves the second view of a page from the cache, compressed as the client accepts', async () => {
    const { path } = await productOnSale(1500);
    const first = await view(path, { 'accept-encoding': 'gzip, br' });
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    const second = await view(path, { 'accept-encoding': 'gzip, br' });
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers.vary).toBe('Accept-Encoding');
    expect(second.html).toBe(first.html);
    expect(eurPrices(second.html)).toContain(1500);

    const gzipped = await view(path, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await view(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.html).toBe(first.html);
    expect(plain.bytes).toBeGreaterThan(gzipped.bytes);

    // The policy allows the page's inline scripts by hash, the same for everyone: no nonce.
    const policy = String(second.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    expect(policy).not.toContain('nonce-');
    expect(second.html).not.toContain('nonce=');
    expect(second.headers['cache-control']).toMatch(/public, max-age=\d+, stale-while-revalidate/);

    // A browser revalidating its copy gets a 304.
    const again = await view(path, { 'if-none-match': String(second.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('shows an offer’s new price on the next view of its product page and of the listings', async () => {
    const { path, offer } = await productOnSale(2100);
    await view(path);
    await view('/category/games');
    expect((await view(path)).headers['x-cache']).toBe('hit');

    const edit = await t.call('PUT', `/api/seller/offers/${offer.id}`, {
      token: seller.token,
      body: { prices: { eur: 2345 } },
    });
    expect(edit.status).toBe(200);

    const after = await view(path);
    expect(after.headers['x-cache']).toBe('miss');
    expect(eurPrices(after.html)).toContain(2345);
    expect(eurPrices(after.html)).not.toContain(2100);
    expect((await view('/category/games')).headers['x-cache']).toBe('miss');
  });

  it('takes an offer off the product page when its last key goes', async () => {
    const { path, offer } = await productOnSale(3100);
    expect(eurPrices((await view(path)).html)).toContain(3100);
    const key = await t.db
      .collection<KeyDoc>('keys')
      .findOne({ offerId: new ObjectId(offer.id), status: 'available' });
    const revoke = await t.call('POST', `/api/admin/keys/${key!._id.toHexString()}/revoke`, {
      token: admin.token,
      body: { reason: 'page cache test: stock-out' },
    });
    expect(revoke.status).toBe(200);

    const after = await view(path);
    expect(after.headers['x-cache']).toBe('miss');
    expect(eurPrices(after.html)).not.toContain(3100);
  });

  it('shows a catalogue edit on the next view', async () => {
    const { path, productId } = await productOnSale(1200);
    await view(path);
    await view(`/it${path}`);
    const rename = await t.call('PUT', `/api/admin/products/${productId}`, {
      token: admin.token,
      body: { name: { en: 'Renamed Probe', it: 'Sonda rinominata' } },
    });
    expect(rename.status).toBe(200);
    expect((await view(path)).html).toContain('Renamed Probe');
    expect((await view(`/it${path}`)).html).toContain('Sonda rinominata');
  });

  it('shows prices converted at a new exchange rate on the next view', async () => {
    const { path } = await productOnSale(1000);
    const usd = (html: string) => [...html.matchAll(/data-usd="(\d+)"/g)].map((m) => Number(m[1]));
    await view(path);
    expect((await view(path)).headers['x-cache']).toBe('hit');
    const rate = await t.call('PUT', '/api/admin/exchange-rates/usd', {
      token: admin.token,
      body: { rate: 1.5 },
    });
    expect(rate.status).toBe(200);
    const after = await view(path);
    expect(after.headers['x-cache']).toBe('miss');
    expect(usd(after.html)).toContain(1500);
  });

  it('serves guests and signed-in visitors the one anonymous page, never a personal one', async () => {
    const account = await t.account('user');
    const login = await fetch(`${t.url}/api/login`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(login.status).toBe(204);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const { path } = await productOnSale(1800);

    // The signed-in visitor comes first: what is cached holds nothing of theirs.
    const signedIn = await view(path, { cookie: `${cookie}; theme=dark; currency=usd` });
    expect(signedIn.headers['x-cache']).toBe('miss');
    expect(signedIn.headers['set-cookie']).toBeUndefined();
    const guest = await view(path);
    expect(guest.headers['x-cache']).toBe('hit');
    expect(guest.html).toBe(signedIn.html);
    expect(guest.html).not.toContain(account.email);
    // The theme is the inline script's to apply, from the cookie, before the first paint.
    expect(guest.html).toContain('data-theme="light"');
    expect(guest.html).toMatch(/<script>document\.documentElement\.dataset\.theme=/);

    // A request with credentials is rendered for itself, never from or into the cache.
    const bearer = await view(path, { authorization: `Bearer ${account.token}` });
    expect(bearer.status).toBe(200);
    expect(bearer.headers['x-cache']).toBe('bypass');
  });

  it('keeps what is not a shareable page out of the cache', async () => {
    const missing = await view(`/product/${new ObjectId().toHexString()}/nothing`);
    expect(missing.status).toBe(404);
    expect(missing.headers['x-cache']).toBe('bypass');
    expect((await view('/cart')).headers['x-cache']).toBeUndefined();
    // A wrong slug is redirected with the visitor's own query (attribution), never cached.
    const { productId } = await productOnSale(900);
    const moved = await view(`/product/${productId}/old-slug?awc=123_abc`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toContain('awc=123_abc');
  });

  it('stays within its byte bound, the least recently used pages going first', async () => {
    const paths = Array.from({ length: 40 }, (_, i) => `/search?q=probe-${i}`);
    for (const path of paths) expect((await view(path)).headers['x-cache']).toBe('miss');
    expect((await view(paths.at(-1)!)).headers['x-cache']).toBe('hit');
    expect((await view(paths[0]!)).headers['x-cache']).toBe('miss');
  });
});
