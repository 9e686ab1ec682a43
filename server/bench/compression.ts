/**
 * Bytes on the wire: `node server/bench/compression.ts` (after `source scripts/bootstrap.sh` and
 * a build, as `npm start` makes). Serves the demo catalogue with the built storefront and
 * consoles (main.ts's HTTP server, Auth emulator on `BENCH_AUTH_EMULATOR_PORT`) and fetches, as
 * a browser that accepts `br` / `gzip` / nothing would:
 *
 * - the home page's HTML and a catalogue search's JSON;
 * - the first load of `/admin/` and `/seller/`: index.html and every script and stylesheet it
 *   loads before a lazy route (its `src`/`href`s and their static imports);
 * - a product page's JavaScript (its scripts, islands and their static imports).
 *
 * Prints each as raw / gzip / brotli bytes; goals: a console's first load ≤ 500 kB and a
 * product page's JavaScript ≤ 30 kB, brotli as transferred.
 */
import http from 'node:http';
import { CatalogueSearchResultSchema } from '@market/shared';
import { createLogger } from '../src/logger.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { reportResult } from './bench-result.ts';
import { startBenchEmulator, startBenchStack } from './bench-stack.ts';

const CODINGS = { raw: undefined, gzip: 'gzip', br: 'gzip, deflate, br, zstd' } as const;
type Coding = keyof typeof CODINGS;
type Sizes = Record<Coding, number>;

const emulator = await startBenchEmulator();
const stack = await startBenchStack(emulator.host, {}, { storefront: true });
await seedDemoData(stack.db, stack.identity.auth, stack.vault, createLogger('silent'));

/** One request as a browser on the shop's own host sends it; the body as it came over the wire. */
function fetchRaw(
  pathname: string,
  acceptEncoding?: string,
  body?: unknown,
): Promise<{ status: number; encoding?: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { host: 'localhost:8080' };
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const req = http.request(
      `${stack.url}${pathname}`,
      { method: body === undefined ? 'GET' : 'POST', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'],
            bytes: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The bytes of one resource in each coding; throws unless it answers 200. */
async function sizesOf(pathname: string, body?: unknown): Promise<Sizes> {
  const sizes = { raw: 0, gzip: 0, br: 0 };
  for (const coding of Object.keys(CODINGS) as Coding[]) {
    const res = await fetchRaw(pathname, CODINGS[coding], body);
    if (res.status !== 200) throw new Error(`${pathname}: ${res.status}`);
    sizes[coding] = res.bytes.length;
  }
  return sizes;
}

const sum = (all: Sizes[]): Sizes => ({
  raw: all.reduce((n, s) => n + s.raw, 0),
  gzip: all.reduce((n, s) => n + s.gzip, 0),
  br: all.reduce((n, s) => n + s.br, 0),
});

/** `url` and every module it imports statically (`import … from "./x.js"`), not `import()`. */
async function withStaticImports(urls: string[]): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [...urls];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    if (!url.endsWith('.js')) continue;
    const code = (await fetchRaw(url)).bytes.toString('utf8');
    for (const [, spec] of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(new URL(spec!, `http://x${url}`).pathname);
    }
  }
  return [...seen];
}

/**
 * Islands hydrated only when the visitor first interacts (the header's search box:
 * `client:interaction`) load their component and renderer then, not with the page: Lighthouse's
 * network log shows them absent from the load. They are counted apart from the page's own.
 */
const ON_INTERACTION = /\sclient="interaction"/;

/** Scripts, module preloads, stylesheets and islands an HTML page loads under `prefix`. */
function loadedBy(html: string, prefix: string, islands: 'on load' | 'on interaction' = 'on load') {
  const islandTags = [...html.matchAll(/<astro-island\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => ON_INTERACTION.test(tag) === (islands === 'on interaction'));
  const islandRefs = islandTags.flatMap((tag) => [
    ...tag.matchAll(/\s(?:component|renderer)-url="([^"]+)"/g),
  ]);
  const refs = [
    ...(islands === 'on load'
      ? [
          ...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g),
          ...html.matchAll(/<link\b[^>]*rel="(?:modulepreload|stylesheet)"[^>]*\shref="([^"]+)"/g),
          ...html.matchAll(/<link\b[^>]*\shref="([^"]+)"[^>]*rel="(?:modulepreload|stylesheet)"/g),
        ]
      : []),
    ...islandRefs,
  ].map((m) => m[1]!.replaceAll('&amp;', '&'));
  return [...new Set(refs.filter((r) => r.startsWith(prefix)))];
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
const rows: string[] = [];
function report(name: string, s: Sizes, files: number, maxBr?: number) {
  rows.push(
    `${name.padEnd(34)} ${String(files).padStart(5)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} ${kb(s.br).padStart(10)} ${`${((s.br / s.raw) * 100).toFixed(0)} %`.padStart(8)}`,
  );
  reportResult({
    name: `${name}, brotli`,
    figure: s.br,
    unit: 'bytes',
    ratio: { value: s.br / s.raw, of: `raw ${s.raw}` },
    ...(maxBr === undefined ? {} : { goal: { max: maxBr } }),
  });
}

try {
  report('home HTML', await sizesOf('/'), 1);
  const search = { categoryId: 'games', sort: 'price_asc' };
  report('catalogue search JSON', await sizesOf('/api/public/products/search', search), 1);

  for (const name of ['admin', 'seller']) {
    const index = (await fetchRaw(`/${name}/`)).bytes.toString('utf8');
    const files = [`/${name}/`, ...(await withStaticImports(loadedBy(index, `/${name}/`)))];
    const sizes = await Promise.all(files.map((f) => sizesOf(f)));
    report(`/${name}/ first load`, sum(sizes), files.length, 500_000);
  }

  const found = await fetchRaw('/api/public/products/search', undefined, {
    categoryId: 'games',
    pageSize: 1,
  });
  const product = CatalogueSearchResultSchema.parse(JSON.parse(found.bytes.toString())).items[0];
  if (!product) throw new Error('the demo catalogue has no game');
  const page = (await fetchRaw(product.url)).bytes.toString('utf8');
  const scripts = (await withStaticImports(loadedBy(page, '/_astro/'))).filter((f) =>
    f.endsWith('.js'),
  );
  report(
    'product page JavaScript',
    sum(await Promise.all(scripts.map((f) => sizesOf(f)))),
    scripts.length,
    30_000,
  );
  // What the first focus of the header's search box adds (React and the island), beyond the page's.
  const loaded = new Set(scripts);
  const later = (await withStaticImports(loadedBy(page, '/_astro/', 'on interaction'))).filter(
    (f) => f.endsWith('.js') && !loaded.has(f),
  );
  report(
    'product page JavaScript on interaction',
    sum(await Promise.all(later.map((f) => sizesOf(f)))),
    later.length,
  );

  console.log(
    `\n${'what'.padEnd(34)} ${'files'.padStart(5)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)} ${'br/raw'.padStart(8)}`,
  );
  for (const row of rows) console.log(row);
} finally {
  await stack.close();
  await emulator.close();
}
