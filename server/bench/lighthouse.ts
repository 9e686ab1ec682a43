/**
 * Lighthouse scores of the storefront: `node server/bench/lighthouse.ts` (after
 * `source scripts/bootstrap.sh` and a build, as `npm start` makes). Audits home, a category page,
 * a search page and a product page with Lighthouse 13 (fetched at run time with `pnpm dlx`; nothing is added
 * to the project) in Debian's Chromium, and prints the four category scores and the product
 * page's JavaScript, gzipped.
 *
 * With `LIGHTHOUSE_BASE_URL` (e.g. http://localhost:8080) it audits a running marketplace;
 * otherwise it starts one as the e2e suite does: `LIGHTHOUSE_PORT` (default 8095), a throwaway
 * DATA_DIR, demo data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { CatalogueSearchResultSchema } from '@market/shared';
import { REPO_ROOT } from '../src/config.ts';
import { reportResult } from './bench-result.ts';

const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-dev-shm-usage';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

type LighthouseReport = {
  categories: Record<(typeof CATEGORIES)[number], { score: number | null }>;
  audits: {
    'network-requests': {
      details: { items: Array<{ url: string; resourceType?: string; transferSize?: number }> };
    };
  };
};

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-lighthouse-'));
let server: ChildProcess | null = null;

/** Starts the marketplace as `npm start` would, on ports of its own. */
async function startMarketplace(port: number): Promise<string> {
  server = spawn(process.execPath, [path.join(REPO_ROOT, 'server/src/main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(workDir, 'data'),
      EMBEDDED_MONGO_PORT: String(port + 19_000),
      FIREBASE_EMULATOR_PORT: String(port + 1_400),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  for (let waited = 0; waited < 180_000; waited += 1000) {
    if (server.exitCode !== null) throw new Error(`the marketplace exited (${server.exitCode})`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return base;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the marketplace did not start within 180 s');
}

async function stopMarketplace() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** A product page of the demo catalogue: the first game. */
async function productPath(base: string): Promise<string> {
  const res = await fetch(`${base}/api/public/products/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ categoryId: 'games', pageSize: 1 }),
  });
  const product = CatalogueSearchResultSchema.parse(await res.json()).items[0];
  if (!product) throw new Error('the catalogue has no games to audit');
  return product.url;
}

/** Runs Lighthouse on `url`. Asynchronously: a blocked event loop would miss kept-alive sockets closing. */
async function audit(url: string, name: string): Promise<LighthouseReport> {
  const output = path.join(workDir, `${name}.json`);
  const run = spawn(
    'pnpm',
    [
      'dlx',
      'lighthouse@13',
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const status = await new Promise((resolve) => run.once('exit', resolve));
  if (status !== 0 || !fs.existsSync(output)) throw new Error(`lighthouse failed on ${url}`);
  return JSON.parse(fs.readFileSync(output, 'utf8')) as LighthouseReport;
}

/** The page's scripts (same origin), gzipped at level 9 as a CDN would, and as transferred. */
async function scriptBytes(report: LighthouseReport, base: string) {
  const scripts = report.audits['network-requests'].details.items.filter(
    (r) => r.resourceType === 'Script' && r.url.startsWith(base),
  );
  let gzip = 0;
  let transferred = 0;
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(script.url)).arrayBuffer());
    gzip += zlib.gzipSync(body, { level: 9 }).length;
    transferred += script.transferSize ?? 0;
  }
  return { count: scripts.length, gzip, transferred };
}

/**
 * Asks once for every width of every picture the page shows. A picture an admin uploads has all
 * its widths rendered at upload; the demo's drawings are rendered on their first request instead
 * (`modules/images/README.md`), ~60 ms each, which a fresh demo's first visitor would wait for
 * and an uploaded picture never makes anyone wait for. The audit measures the shop as uploads
 * leave it (and with the page in the server's page cache, as any earlier visitor leaves it).
 */
async function renderPictures(pageUrl: string) {
  const html = await (await fetch(pageUrl)).text();
  const urls = [...new Set(html.match(/\/api\/images\/[\w/-]+\.webp/g) ?? [])];
  const origin = new URL(pageUrl).origin;
  for (let i = 0; i < urls.length; i += 4) {
    await Promise.all(
      urls.slice(i, i + 4).map((u) => fetch(origin + u).then((r) => r.arrayBuffer())),
    );
  }
  console.log(`  ${urls.length} picture widths rendered first`);
}

try {
  const base =
    process.env.LIGHTHOUSE_BASE_URL ??
    (await startMarketplace(Number(process.env.LIGHTHOUSE_PORT ?? 8095)));
  // `LIGHTHOUSE_PAGES` (comma-separated names) audits some of them; all by default.
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const pages = (
    [
      ['home', `${base}/`],
      ['category', `${base}/category/games`],
      // A buyer's words with a typo, answered by relevance with facets beside the results.
      ['search', `${base}/search?q=emerld`],
      ['product', `${base}${await productPath(base)}`],
    ] as const
  ).filter(([name]) => !only || only.includes(name));
  const rows: string[] = [];
  let productScripts = { count: 0, gzip: 0, transferred: 0 };
  for (const [name, url] of pages) {
    console.log(`auditing ${name}: ${url}`);
    await renderPictures(url);
    const report = await audit(url, name);
    const scores = CATEGORIES.map((c) => {
      const score = report.categories[c].score;
      return (score === null ? '–' : String(Math.round(score * 100))).padStart(15);
    });
    rows.push(`${name.padEnd(10)}${scores.join('')}`);
    for (const c of CATEGORIES) {
      const score = report.categories[c].score;
      if (score !== null) {
        reportResult({
          name: `${name} ${c}`,
          figure: score * 100,
          unit: 'score',
          goal: { min: 90 },
        });
      }
    }
    if (name === 'product') productScripts = await scriptBytes(report, base);
  }
  console.log(`\n${'page'.padEnd(10)}${CATEGORIES.map((c) => c.padStart(15)).join('')}`);
  for (const row of rows) console.log(row);
  if (productScripts.count) {
    reportResult({
      name: 'product page JavaScript, gzip 9',
      figure: productScripts.gzip,
      unit: 'bytes',
      goal: { max: 30_000 },
    });
  }
  console.log(
    `\nproduct page JavaScript: ${productScripts.count} files, ${productScripts.gzip} bytes gzipped (${productScripts.transferred} bytes transferred)`,
  );
} finally {
  await stopMarketplace();
  fs.rmSync(workDir, { recursive: true, force: true });
}
