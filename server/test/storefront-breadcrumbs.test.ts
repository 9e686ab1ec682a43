import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshCodes, newProduct, productDoc, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

/*
 * Spec §2: "Breadcrumb paths are built from URL segments: hyphens become spaces, the first letter
 * is capitalised, and the first segment is replaced by the host." The storefront's pages, as
 * rendered, publish that trail (a segment that is no page of its own gets no crumb).
 */

let t: TestServer;
let host: string;
let origin: string;
let productPath = '';
let slug = '';

beforeAll(async () => {
  t = await startTestServer({ storefront: true });
  origin = process.env.PUBLIC_ORIGIN!;
  host = new URL(origin).host;
  const seller = await t.account('seller');
  const id = await newProduct(t.db, { name: `Crumb Trail Deluxe-Edition ${process.pid}` });
  const offer = await sell(t, seller, id, { eur: 1000 });
  await uploadKeys(t, seller, offer.id, freshCodes(1));
  slug = (await productDoc(t.db, id))!.slug;
  productPath = `/product/${id}/${slug}`;
});
afterAll(() => t.close());

function view(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${t.url}${path}`, { headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
  });
}

async function trail(path: string) {
  const html = await view(path);
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)) {
    const data = JSON.parse(json!) as {
      '@type': string;
      itemListElement?: Array<{ name: string; item: string }>;
    };
    if (data['@type'] === 'BreadcrumbList') {
      return (data.itemListElement ?? []).map(({ name, item }) => ({ name, item }));
    }
  }
  return [];
}

describe('breadcrumb structured data from the URL (spec §2)', () => {
  it('names the root after the host and the page after its segment, in both languages', async () => {
    expect(await trail('/it/category/cards')).toEqual([
      { name: host, item: `${origin}/it/` },
      { name: 'Cards', item: `${origin}/it/category/cards` },
    ]);
    expect(await trail('/support/docs/guides/ea-app')).toEqual([
      { name: host, item: `${origin}/` },
      { name: 'Ea app', item: `${origin}/support/docs/guides/ea-app` },
    ]);
    expect(await trail('/')).toEqual([{ name: host, item: `${origin}/` }]);
  });

  it('names a product page after its slug, hyphens as spaces, first letter capitalised', async () => {
    const label = slug.replaceAll('-', ' ');
    expect(await trail(productPath)).toEqual([
      { name: host, item: `${origin}/` },
      { name: label.charAt(0).toUpperCase() + label.slice(1), item: `${origin}${productPath}` },
    ]);
  });
});
