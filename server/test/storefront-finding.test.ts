import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SitemapIndexSchema, SitemapProductsSchema, type Currency } from '@market/shared';
import { freshCodes, newProduct, productDoc, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/*
 * Finding things on the storefront, through the real server and the built storefront: prices in
 * every currency on the home too, the currency switch, the catalogue filters (category, price
 * range in a currency) in the URL, plural counts, breadcrumbs that lead to pages, and the
 * sitemap index split into child sitemaps (two products a child here, 25,000 in production).
 */

let t: TestServer;
let seller: TestAccount;
let host: string;
let origin: string;
/** A word only this file's products carry, so searches see nothing else. */
const WORD = `Zephyrine${process.pid}`;
const products: Record<'cheap' | 'dear' | 'card', { id: string; path: string }> = {
  cheap: { id: '', path: '' },
  dear: { id: '', path: '' },
  card: { id: '', path: '' },
};

/** A product on sale at these prices (cents; the missing ones converted from EUR). */
async function onSale(
  name: string,
  prices: Partial<Record<Currency, number>>,
  fields: Parameters<typeof newProduct>[1] = {},
) {
  const id = await newProduct(t.db, { name, ...fields });
  const offer = await sell(t, seller, id, prices);
  await uploadKeys(t, seller, offer.id, freshCodes(1));
  const doc = await productDoc(t.db, id);
  return { id, path: `/product/${id}/${doc!.slug}` };
}

beforeAll(async () => {
  // Read by the storefront's sitemap pages, in this process: two products a child sitemap.
  process.env.SITEMAP_PAGE_SIZE = '2';
  t = await startTestServer({ storefront: true });
  origin = process.env.PUBLIC_ORIGIN!;
  host = new URL(origin).host;
  seller = await t.account('seller');
  // USD prices given apart from the EUR ones: a range in dollars must filter on them.
  products.cheap = await onSale(`${WORD} Cheap`, { eur: 1000, usd: 1500, gbp: 900 });
  products.dear = await onSale(`${WORD} Dear`, { eur: 2000, usd: 1100, gbp: 1800 });
  products.card = await onSale(`${WORD} Card`, { eur: 500 }, { categoryId: 'cards' });
});
afterAll(() => {
  delete process.env.SITEMAP_PAGE_SIZE;
  return t.close();
});

type Page = { status: number; body: string; headers: http.IncomingHttpHeaders };

/** A path as a browser on the shop asks for it (under the public host), uncompressed. */
function view(path: string, headers: Record<string, string> = {}): Promise<Page> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${t.url}${path}`, { headers: { host, ...headers } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
  });
}

/** The product links of a listing, by name. */
const listed = (html: string) =>
  [...html.matchAll(new RegExp(`>\\s*(${WORD} \\w+)\\s*</a>`, 'g'))].map((m) => m[1]).sort();

/** The items of the page's BreadcrumbList JSON-LD. */
function crumbs(html: string): Array<{ name: string; item: string }> {
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)) {
    const data = JSON.parse(json!) as {
      '@type': string;
      itemListElement?: Array<{ name: string; item: string }>;
    };
    if (data['@type'] === 'BreadcrumbList') return data.itemListElement ?? [];
  }
  return [];
}

describe('prices in the visitor’s currency', () => {
  it('gives the home’s featured cards every currency, switched by the script every page has', async () => {
    const home = await view('/');
    expect(home.status).toBe(200);
    const featured = home.body.slice(home.body.indexOf('id="featured-heading"'));
    expect(featured).toMatch(/data-price data-eur="\d+" data-usd="\d+" data-gbp="\d+"/);
    // The switch: a select of the three currencies, run by the inline currency script.
    expect(home.body).toMatch(/<select[^>]*data-currency-switch/);
    for (const currency of ['eur', 'usd', 'gbp']) {
      expect(home.body).toContain(`<option value="${currency}"`);
    }
    expect(home.body).toContain("querySelectorAll('[data-currency-switch]')");
    expect(home.body).toContain('navigator');
  });

  it('serves the same HTML whatever the visitor’s language or currency cookie', async () => {
    const plain = await view('/category/cards');
    const american = await view('/category/cards', {
      'accept-language': 'en-US,en;q=0.9',
      cookie: 'currency=usd',
    });
    expect(american.body).toBe(plain.body);
    expect(String(american.headers.vary ?? '')).not.toMatch(/language|cookie/i);
  });
});

describe('catalogue filters', () => {
  it('filters the search by category, in the URL', async () => {
    const all = await view(`/search?q=${WORD}`);
    expect(listed(all.body)).toEqual([`${WORD} Card`, `${WORD} Cheap`, `${WORD} Dear`]);
    const cards = await view(`/search?q=${WORD}&category=cards`);
    expect(listed(cards.body)).toEqual([`${WORD} Card`]);
    expect(cards.body).toMatch(/<option value="cards" selected/);
    // A category alone lists it, without words.
    expect(listed((await view('/search?category=cards')).body)).toContain(`${WORD} Card`);
  });

  it('filters on the prices of the range’s currency, which the form keeps', async () => {
    // 10 to 12: the Dear product in dollars (11.00), the Cheap one in euros (10.00).
    const dollars = await view(`/search?q=${WORD}&min=10&max=12&currency=usd`);
    expect(listed(dollars.body)).toEqual([`${WORD} Dear`]);
    const euros = await view(`/search?q=${WORD}&min=10&max=12&currency=eur`);
    expect(listed(euros.body)).toEqual([`${WORD} Cheap`]);
    // Without a currency a range is in euros; the form keeps the URL's currency fixed.
    expect(listed((await view(`/search?q=${WORD}&min=10&max=12`)).body)).toEqual([`${WORD} Cheap`]);
    expect(dollars.body).toMatch(
      /<input type="hidden" name="currency" value="usd"(?![^>]*data-range-currency)[^>]*>/,
    );
    // No range: the script puts the visitor's currency in the field.
    expect((await view(`/search?q=${WORD}`)).body).toMatch(
      /<input type="hidden" name="currency" value="eur"[^>]*data-range-currency/,
    );
  });
});

describe('plural forms', () => {
  it.each([
    ['/search?q=', '&category=cards', '1 product'],
    ['/search?q=', '', '3 products'],
    ['/it/search?q=', '&category=cards', '1 prodotto'],
    ['/it/search?q=', '', '3 prodotti'],
  ])('%s…%s says "%s"', async (path, filter, text) => {
    const page = await view(`${path}${WORD}${filter}`);
    expect(page.body).toMatch(new RegExp(`<p class="count"[^>]*>${text}</p>`));
  });
});

describe('breadcrumbs', () => {
  it('lead only to pages, on every kind of page and in both languages', async () => {
    const pages = [
      '/',
      '/category/games',
      '/it/category/cards',
      '/support/docs/guides/steam',
      '/it/support/docs/guides/steam',
      '/ranking',
      products.cheap.path,
      `/it${products.card.path}`,
    ];
    for (const path of pages) {
      const page = await view(path);
      expect(page.status, path).toBe(200);
      const trail = crumbs(page.body);
      expect(trail.length, path).toBeGreaterThan(0);
      expect(trail.at(-1)!.item, path).toBe(`${origin}${path}`);
      for (const crumb of trail) {
        expect(crumb.item.startsWith(`${origin}/`), crumb.item).toBe(true);
        const followed = await view(crumb.item.slice(origin.length));
        expect(followed.status, `${path} → ${crumb.item}`).toBe(200);
      }
    }
  });
});

describe('sitemap index', () => {
  it('lists the fixed pages, then every product once, two a child sitemap, dated by updatedAt', async () => {
    const robots = await view('/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);

    const index = await view('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.body).toContain('<sitemapindex');
    const children = [...index.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]!);
    expect(children[0]).toBe(`${origin}/sitemap-pages.xml`);
    const total = await t.db.collection('products').countDocuments();
    expect(children.slice(1)).toEqual(
      Array.from(
        { length: Math.ceil(total / 2) },
        (_, i) => `${origin}/sitemap-products-${i + 1}.xml`,
      ),
    );
    expect(index.body.match(/<lastmod>/g)).toHaveLength(children.length);

    const fixed = await view('/sitemap-pages.xml');
    expect(fixed.body).toContain(`<loc>${origin}/</loc>`);
    expect(fixed.body).toContain(`<loc>${origin}/it/category/cards</loc>`);

    const seen: string[] = [];
    for (const child of children.slice(1)) {
      const xml = (await view(child.slice(origin.length))).body;
      const urls = xml.match(/<url>/g) ?? [];
      expect(urls.length).toBeLessThanOrEqual(4); // two products, each in two languages
      seen.push(...[...xml.matchAll(/<loc>[^<]*\/product\/(\w+)\//g)].map((m) => m[1]!));
      expect(xml).toContain('hreflang="it"');
    }
    // Every product in both languages, once each.
    expect(seen).toHaveLength(total * 2);
    expect(new Set(seen).size).toBe(total);

    // A product's URLs are dated by its updatedAt.
    const doc = await productDoc(t.db, products.card.id);
    const all = await Promise.all(children.slice(1).map((c) => view(c.slice(origin.length))));
    const withCard = all.find((page) => page.body.includes(products.card.id))!.body;
    const entry = withCard.slice(withCard.indexOf(`/product/${products.card.id}/`));
    expect(entry.match(/<lastmod>(.*?)<\/lastmod>/)![1]).toBe(doc!.updatedAt.toISOString());

    expect((await view(`/sitemap-products-${children.length}.xml`)).status).toBe(404);
  });

  it('answers the sitemap pages from the API, with page sizes up to 25,000', async () => {
    const index = SitemapIndexSchema.parse(
      await (await t.call('GET', '/api/public/sitemap?pageSize=1')).json(),
    );
    const total = await t.db.collection('products').countDocuments();
    expect(index.pages).toHaveLength(total);
    const page = SitemapProductsSchema.parse(
      await (await t.call('GET', '/api/public/sitemap/products?page=1&pageSize=25000')).json(),
    );
    expect(page.items).toHaveLength(total);
    expect((await t.call('GET', '/api/public/sitemap?pageSize=25001')).status).toBe(400);
    expect((await t.call('GET', '/api/public/sitemap/products?page=0')).status).toBe(400);
  });
});
