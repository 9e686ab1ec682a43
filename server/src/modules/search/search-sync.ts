import { ObjectId } from 'mongodb';
import type { Logger } from '../../logger.ts';
import type { PageChanges } from '../../page-cache/page-changes.ts';
import { ALL_PRODUCT_DOCS, LISTINGS, PRODUCT_DOC_TAG_PREFIX } from '../../page-cache/page-tags.ts';
import type { ProductDoc, ProductFacade } from '../products/products.facade.ts';
import type { CatalogueIndex, SearchEntry } from './catalogue-index.ts';
import type { ProductSignals } from './search-signals.ts';

type SearchableProduct = Omit<ProductDoc, 'description'>;

const NO_SIGNALS: ProductSignals = { sales: 0, rating: 0 };

/** What search keeps of a product document, with its sales and rating (`search-signals.ts`). */
export function toEntry(d: SearchableProduct, signals = NO_SIGNALS): SearchEntry {
  return {
    id: d._id.toHexString(),
    slug: d.slug,
    name: { en: d.name.en, it: d.name.it || d.name.en },
    extra: `${d.platform.replace(/-/g, ' ')} ${d.brand}`,
    categoryId: d.categoryId,
    platform: d.platform,
    region: d.region,
    tags: d.tags,
    minPrice: { eur: d.eurMin, usd: d.usdMin, gbp: d.gbpMin },
    createdAt: d.createdAt.getTime(),
    imageUrl: d.images[0]?.url ?? null,
    sales: signals.sales,
    rating: signals.rating,
  };
}

// Writes arrive in bursts (an import, a sale moving several offers): one read per burst.
const FLUSH_MS = 20;
const RETRY_MS = 5_000;
/** How often sales and ratings are read again: tie-breakers may lag a sale by this much. */
const SIGNALS_MS = 5 * 60_000;

/**
 * Keeps the index equal to the products collection: built whole at start, then each product
 * write (this instance's through the write watcher, the others' through the change stream, both
 * on the page cache's bus, heard through `heard`) re-reads the products it names; a write whose
 * products could not be told rebuilds the whole index.
 */
export function syncCatalogueIndex(deps: {
  index: CatalogueIndex;
  products: Pick<ProductFacade, 'findByIds' | 'everyForSearch'>;
  changes: PageChanges;
  log: Logger;
  /** Sales and rating per product id (`search-signals.ts`); none when not given. */
  signals?: () => Promise<Map<string, ProductSignals>>;
}) {
  const { index, products, changes, log } = deps;
  let signals = new Map<string, ProductSignals>();
  const pending = new Set<string>();
  let rebuildAll = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  /** Reads sales and ratings again; a failed read keeps the last ones (they only break ties). */
  async function readSignals(): Promise<boolean> {
    if (!deps.signals) return false;
    try {
      signals = await deps.signals();
      return true;
    } catch (err) {
      if (!stopped) log.error({ err }, 'search signals read failed; keeping the last ones');
      return false;
    }
  }

  async function rebuild() {
    await readSignals();
    const all: SearchEntry[] = [];
    for await (const doc of products.everyForSearch()) {
      all.push(toEntry(doc, signals.get(doc._id.toHexString())));
    }
    index.load(all);
  }

  /** New sales and ratings into the entries they changed (the words stay as they are). */
  async function retune() {
    const before = signals;
    if (!(await readSignals())) return;
    for (const id of new Set([...before.keys(), ...signals.keys()])) {
      index.retune(id, signals.get(id) ?? NO_SIGNALS);
    }
  }

  async function refresh(ids: string[]) {
    const docs = await products.findByIds(ids.map((id) => new ObjectId(id)));
    const found = new Map(docs.map((d) => [d._id.toHexString(), d]));
    for (const id of ids) {
      const doc = found.get(id);
      index.put(id, doc ? toEntry(doc, signals.get(id)) : null);
    }
  }

  async function flush() {
    timer = null;
    const whole = rebuildAll;
    const ids = [...pending];
    rebuildAll = false;
    pending.clear();
    try {
      if (whole) await rebuild();
      else if (ids.length) await refresh(ids);
      else return;
      // A listing page or answer rendered between the write and now read the old index: the
      // listings are dropped again now that the index shows the write.
      changes.publish([LISTINGS]);
    } catch (err) {
      if (stopped) return;
      // Tried again shortly: the index must not stay behind the database.
      log.error({ err }, 'search index refresh failed; retrying');
      if (whole) rebuildAll = true;
      for (const id of ids) pending.add(id);
      schedule(RETRY_MS);
    }
  }

  function schedule(ms = FLUSH_MS) {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      running = running.then(flush);
    }, ms);
    timer.unref();
  }

  // What the module's change listener does with each write's tags (search.module.ts): subscribed
  // by the container before anything is written, so no write is missed while the index builds.
  function heard(tags: readonly string[]) {
    if (stopped) return;
    let touched = false;
    for (const tag of tags) {
      if (tag === ALL_PRODUCT_DOCS) rebuildAll = touched = true;
      else if (tag.startsWith(PRODUCT_DOC_TAG_PREFIX)) {
        const id = tag.slice(PRODUCT_DOC_TAG_PREFIX.length);
        if (/^[0-9a-f]{24}$/.test(id)) {
          pending.add(id);
          touched = true;
        }
      }
    }
    if (touched) schedule();
  }

  // The build at start: writes heard meanwhile wait in `pending` and are applied after it.
  const built = (async () => {
    for (;;) {
      try {
        const t0 = performance.now();
        await rebuild();
        log.info(
          { products: index.size, ms: Math.round(performance.now() - t0) },
          'search index built',
        );
        return;
      } catch (err) {
        if (stopped) return;
        log.error({ err }, 'search index build failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
      }
    }
  })();
  running = built;
  const signalsTimer = setInterval(() => {
    running = running.then(retune);
  }, SIGNALS_MS);
  signalsTimer.unref();

  return {
    /** Resolves once the index holds the whole catalogue (searches wait for it). */
    ready: () => built,
    /** Resolves once the writes heard so far are in the index. */
    async settled() {
      await built;
      if (timer) {
        clearTimeout(timer);
        timer = null;
        running = running.then(flush);
      }
      await running;
    },
    /** Rebuilds now (a benchmark's measure of the build); answers its milliseconds. */
    async rebuild(): Promise<number> {
      await built;
      const t0 = performance.now();
      await (running = running.then(rebuild));
      return performance.now() - t0;
    },
    heard,
    /** Reads sales and ratings now (the periodic read's work); resolves once applied. */
    async refreshSignals() {
      await built;
      await (running = running.then(retune));
    },
    stop() {
      stopped = true;
      clearInterval(signalsTimer);
      if (timer) clearTimeout(timer);
    },
  };
}
export type CatalogueIndexSync = ReturnType<typeof syncCatalogueIndex>;
