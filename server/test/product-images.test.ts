import http from 'node:http';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, ProductImageSchema, StoreProductSchema } from '@market/shared';
import { createLogger } from '../src/logger.ts';
import { seedDemoImages } from '../src/seed/demo-images.ts';
import { errorsOf, newProduct, productDoc } from './fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

/*
 * Product pictures through the real server and the built storefront: an admin uploads one, the
 * server renders its widths as WebP and serves them cached for a year; the product page and the
 * cards show them with srcset, width and height, and the JSON-LD names them; an upload drops the
 * cached page at once.
 */

let t: TestServer;
let adminToken: string;
let host: string;

beforeAll(async () => {
  t = await startTestServer({ storefront: true });
  host = new URL(process.env.PUBLIC_ORIGIN!).host;
  adminToken = await t.tokenFor('admin');
});
afterAll(() => t.close());

/** A PNG of that size (a gradient, so it is not trivially small). */
async function png(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels[i] = (i / 3) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const upload = (productId: string, body: unknown, token = adminToken) =>
  t.call('POST', `/api/admin/products/${productId}/images`, { token, body });

/** A page as a browser asks for it (under the public host), decoded. */
function view(path: string): Promise<{ status: number; cache: string; html: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${t.url}${path}`, { headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const html = (
          res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw
        ).toString();
        resolve({ status: res.statusCode ?? 0, cache: String(res.headers['x-cache']), html });
      });
    });
    req.on('error', reject);
  });
}

/** The attributes of each product picture's `<img>` of a page. */
function images(html: string): Record<string, string>[] {
  return [...html.matchAll(/<img\b([^>]*class="product-image[^>]*)>/g)].map(
    ([, attrs]) =>
      Object.fromEntries(
        [...attrs!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k, v]),
      ) as Record<string, string>,
  );
}

/** The Product JSON-LD of a page. */
function productLd(html: string): { image?: string[] } {
  for (const [, body] of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)) {
    const data = JSON.parse(body!) as { '@type': string; image?: string[] };
    if (data['@type'] === 'Product') return data;
  }
  throw new Error('no Product JSON-LD');
}

describe('POST /api/admin/products/:id/images', () => {
  it('renders the widths as WebP and serves them with their size, type and a year of caching', async () => {
    const productId = await newProduct(t.db);
    const res = await upload(productId, {
      data: (await png(1600, 1000)).toString('base64'),
      shape: 'rounding',
      size: 'small',
    });
    expect(res.status).toBe(201);
    const image = ProductImageSchema.parse(await res.json());
    expect(image).toMatchObject({ shape: 'rounding', size: 'small' });
    expect(image.asset).toMatchObject({ width: 1600, height: 1000, widths: [...IMAGE_WIDTHS] });
    expect(image.url).toBe(`/api/images/${image.asset!.id}/640.webp`);

    for (const width of image.asset!.widths) {
      const file = await fetch(`${t.url}/api/images/${image.asset!.id}/${width}.webp`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(meta).toMatchObject({
        format: 'webp',
        width,
        height: Math.round((width * 1000) / 1600),
      });
    }
    // The product holds it, and the storefront's view of it carries it as is.
    expect((await productDoc(t.db, productId))!.images).toEqual([image]);
    const store = await fetch(`${t.url}/api/public/products/info-multiple`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productIdList: [productId] }),
    });
    expect(StoreProductSchema.array().parse(await store.json())[0]!.images).toEqual([image]);
  });

  it('serves a picture narrower than the smallest width at its own width only', async () => {
    const productId = await newProduct(t.db);
    const res = await upload(productId, { data: (await png(120, 90)).toString('base64') });
    const image = ProductImageSchema.parse(await res.json());
    expect(image).toMatchObject({ shape: 'rectangle', size: 'large' });
    expect(image.asset!.widths).toEqual([120]);
    const id = image.asset!.id;
    expect((await fetch(`${t.url}/api/images/${id}/120.webp`)).status).toBe(200);
    expect((await fetch(`${t.url}/api/images/${id}/160.webp`)).status).toBe(404);
  });

  it('answers 400 on what is not a picture we take, with the field at fault', async () => {
    const productId = await newProduct(t.db);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
    for (const data of [
      Buffer.from('just some text, not a picture').toString('base64'),
      Buffer.from(svg).toString('base64'),
      'not base64 at all!',
      '',
    ]) {
      const res = await upload(productId, { data });
      expect(res.status).toBe(400);
      expect(await errorsOf(res)).toHaveProperty('data');
    }
    expect((await upload(productId, {})).status).toBe(400);
    expect((await productDoc(t.db, productId))!.images).toEqual([]);
  });

  it('takes a picture over the usual 1 MB body, and refuses one over 5 MB', async () => {
    const productId = await newProduct(t.db);
    // Noise does not compress: about 2.3 MB of PNG.
    const noise = Buffer.from(
      Array.from({ length: 900 * 900 * 3 }, () => (Math.random() * 256) | 0),
    );
    const big = await sharp(noise, { raw: { width: 900, height: 900, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect((await upload(productId, { data: big.toString('base64') })).status).toBe(201);
    const tooBig = Buffer.concat([big, big, big]).toString('base64');
    expect((await upload(productId, { data: tooBig })).status).toBe(400);
  });

  it('answers 404 for an unknown product or picture, and only admins may upload', async () => {
    const data = (await png(200, 150)).toString('base64');
    expect((await upload('0123456789abcdef01234567', { data })).status).toBe(404);
    expect((await upload('nope', { data })).status).toBe(404);
    const productId = await newProduct(t.db);
    expect((await upload(productId, { data }, await t.tokenFor('seller'))).status).toBe(403);
    expect(
      (await t.call('POST', `/api/admin/products/${productId}/images`, { body: { data } })).status,
    ).toBe(401);
    expect((await fetch(`${t.url}/api/images/${'0'.repeat(32)}/640.webp`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/images/${'0'.repeat(32)}/640.png`)).status).toBe(404);
  });
});

describe('pictures on the storefront', () => {
  it('shows the product page’s picture with srcset, width and height, and names it in the JSON-LD', async () => {
    const productId = await newProduct(t.db, { slug: 'pictured-probe' });
    const path = `/product/${productId}/pictured-probe`;

    // Without a picture: the placeholder, still an <img> with its size, and in the JSON-LD.
    const before = await view(path);
    expect(before.status).toBe(200);
    const [placeholder] = images(before.html);
    expect(placeholder).toMatchObject({
      src: '/images/placeholder.svg',
      width: '640',
      height: '480',
    });
    expect(productLd(before.html).image).toEqual([
      new URL('/images/placeholder.svg', process.env.PUBLIC_ORIGIN).href,
    ]);
    expect((await view(path)).cache).toBe('hit');

    const res = await upload(productId, { data: (await png(1600, 1200)).toString('base64') });
    const { asset } = ProductImageSchema.parse(await res.json());

    // The upload dropped the cached page: the next view shows the picture.
    const after = await view(path);
    expect(after.cache).toBe('miss');
    const [hero] = images(after.html);
    expect(hero).toMatchObject({
      src: `/api/images/${asset!.id}/640.webp`,
      width: '1600',
      height: '1200',
      loading: 'eager',
      fetchpriority: 'high',
      alt: expect.stringMatching(/^Product Probe \d+$/),
    });
    expect(hero!.srcset).toBe(
      IMAGE_WIDTHS.map((w) => `/api/images/${asset!.id}/${w}.webp ${w}w`).join(', '),
    );
    expect(hero!.sizes).toBeTruthy();
    expect(productLd(after.html).image).toEqual([
      new URL(`/api/images/${asset!.id}/1280.webp`, process.env.PUBLIC_ORIGIN).href,
    ]);
  });

  it('draws the demo catalogue’s pictures at seed and renders each width on first request', async () => {
    const productId = await newProduct(t.db, {
      slug: 'iron-frontier-steam',
      name: 'Iron Frontier',
    });
    await seedDemoImages(t.db, createLogger('silent'));
    const [image] = (await productDoc(t.db, productId))!.images;
    expect(image!.asset).toMatchObject({ width: 1280, height: 960, widths: [...IMAGE_WIDTHS] });
    const file = await fetch(`${t.url}${image!.url}`);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({
      width: 640,
      height: 480,
    });
    // Seeding again leaves pictured products alone.
    await seedDemoImages(t.db, createLogger('silent'));
    expect((await productDoc(t.db, productId))!.images).toEqual([image]);
  });
});
