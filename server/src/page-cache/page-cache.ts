import { createHash } from 'node:crypto';
import type http from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Logger } from '../logger.ts';
import { negotiateCoding } from '../lib/compression-policy.ts';
import { scriptHashesOf, withScriptHashes } from '../lib/security-headers.ts';
import type { PageChanges } from './page-changes.ts';
import { renderAnonymously, type NodeHandler, type Rendered } from './page-render.ts';
import { createPageStore, type PageEntry } from './page-store.ts';
import { pageOf } from './page-tags.ts';
import { cacheLookups } from '../observability/metrics.ts';

/** `cache_lookups_total{cache="pages"}`: a fresh page is a hit, a stale one is served and refreshed. */
const pageLookups = {
  fresh: cacheLookups.labels('pages', 'hit'),
  stale: cacheLookups.labels('pages', 'stale'),
  miss: cacheLookups.labels('pages', 'miss'),
};

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The page cache's settings (PAGE_CACHE*, see config.ts) and the bus it hears writes on. */
export type PageCacheSettings = {
  enabled: boolean;
  maxBytes: number;
  freshMs: number;
  maxAgeMs: number;
  changes: PageChanges;
};

/** Headers a stored page keeps: not those of one exchange, nor ours set on every answer. */
const DROPPED_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'content-security-policy',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'vary',
]);

/** Whether a render may be shared: a public, cookie-free, complete HTML 200. */
function shareable(rendered: Rendered): boolean {
  const cacheControl = rendered.headers['cache-control'] ?? '';
  return (
    rendered.status === 200 &&
    /\bpublic\b/.test(cacheControl) &&
    !/\b(private|no-store|no-cache)\b/.test(cacheControl) &&
    rendered.headers['set-cookie'] === undefined &&
    (rendered.headers['content-type'] ?? '').startsWith('text/html')
  );
}

/** A shareable render as stored: our policy with its script hashes, and its bodies compressed. */
async function entryOf(
  rendered: Rendered,
  tags: string[],
  policy: string,
  /** When its render started: the data it shows is at most that old. */
  storedAt: number,
): Promise<PageEntry> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(rendered.headers)) {
    if (!DROPPED_HEADERS.has(name)) headers[name] = value;
  }
  // The page's inline scripts are allowed by hash (never a nonce): the same for every visitor.
  const hashes = scriptHashesOf(rendered.headers['content-security-policy']);
  headers['content-security-policy'] = withScriptHashes(policy, hashes);
  const [gz, br] = await Promise.all([
    gzip(rendered.body, { level: 9 }),
    brotli(rendered.body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: rendered.body.length,
      },
    }),
  ]);
  return {
    status: rendered.status,
    headers,
    body: { identity: rendered.body, gzip: gz, br },
    etag: `"${createHash('sha1').update(rendered.body).digest('base64url')}"`,
    tags,
    storedAt,
  };
}

/** Answers `req` with a stored page, in the encoding it accepts; `state` goes in X-Cache. */
function send(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  entry: PageEntry,
  state: 'hit' | 'miss' | 'stale',
  now: number,
) {
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', entry.etag);
  res.setHeader('Age', String(Math.max(0, Math.floor((now - entry.storedAt) / 1000))));
  res.setHeader('X-Cache', state);
  const known = (req.headers['if-none-match'] ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''));
  if (known.includes(entry.etag)) {
    res.writeHead(304).end();
    return;
  }
  // The same choice as the compression of everything else (brotli, then gzip).
  const coding = negotiateCoding(req.headers['accept-encoding']);
  const body = entry.body[coding ?? 'identity'];
  // Said outright, so the compression middleware leaves the answer alone.
  if (coding) res.setHeader('Content-Encoding', coding);
  res.setHeader('Content-Length', String(body.length));
  res.writeHead(entry.status);
  res.end(req.method === 'HEAD' ? undefined : body);
}

type Outcome = { entry: PageEntry } | { pass: true };

/** The page cache's name on the change bus. */
export const PAGE_CACHE_LISTENER = 'page cache';

/**
 * The public pages' cache in front of the storefront (docs/page-cache.md). `handle` answers a
 * request from it and says true, or says false and leaves the request to the caller (not a
 * cacheable page, or a request with credentials). A miss renders the page once however many ask
 * at the same time; a page that cannot be shared is rendered again for the request itself by
 * `passThrough`.
 */
export function createPageCache(options: {
  settings: PageCacheSettings;
  storefront: NodeHandler;
  /** Our Content-Security-Policy, which each page's script hashes join. */
  policy: string;
  /** The Host the anonymous renders name (the public origin's). */
  host: string;
  passThrough: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  log: Logger;
  /** The clock entries age by (tests move it). */
  now?: () => number;
}) {
  const { settings, log } = options;
  const now = options.now ?? Date.now;
  const store = createPageStore({ ...settings, now });
  // The HTTP server's, in front of the app, not a module's (module-declarations.test.ts).
  const unsubscribe = settings.changes.subscribe(
    (tags) => store.invalidate(tags),
    PAGE_CACHE_LISTENER,
  );
  const inflight = new Map<string, Promise<Outcome>>();

  /** Renders and stores `key`, once at a time per key. */
  function refresh(key: string, tags: string[]): Promise<Outcome> {
    const running = inflight.get(key);
    if (running) return running;
    const since = store.since();
    const startedAt = now();
    const outcome = (async (): Promise<Outcome> => {
      const rendered = await renderAnonymously(options.storefront, key, options.host);
      if (rendered === 'next' || !shareable(rendered)) return { pass: true };
      const entry = await entryOf(rendered, tags, options.policy, startedAt);
      store.store(key, entry, since);
      return { entry };
    })().finally(() => inflight.delete(key));
    inflight.set(key, outcome);
    return outcome;
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const page = pageOf(req.url ?? '/');
    if (!page) return false;
    // Credentials could make a page personal: such a request is rendered for itself alone.
    if (req.headers.authorization) {
      res.setHeader('X-Cache', 'bypass');
      return false;
    }
    const found = store.get(page.key);
    pageLookups[found?.state ?? 'miss'].inc();
    if (found) {
      send(req, res, found.entry, found.state === 'fresh' ? 'hit' : 'stale', now());
      if (found.state === 'stale') {
        refresh(page.key, page.tags).catch((err: unknown) =>
          log.warn({ err, key: page.key }, 'page not re-rendered'),
        );
      }
      return true;
    }
    refresh(page.key, page.tags).then(
      (outcome) => {
        if ('entry' in outcome) return send(req, res, outcome.entry, 'miss', now());
        res.setHeader('X-Cache', 'bypass');
        options.passThrough(req, res);
      },
      (err: unknown) => {
        log.warn({ err, key: page.key }, 'page not rendered for the cache');
        res.setHeader('X-Cache', 'bypass');
        options.passThrough(req, res);
      },
    );
    return true;
  }

  return { handle, store, close: unsubscribe };
}
export type PageCache = ReturnType<typeof createPageCache>;
