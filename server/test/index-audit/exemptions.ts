import type { QueryShape } from './esr.ts';

/**
 * The one list of queries the index audit lets through, each with its reason. Only collections
 * small by construction (a handful of reference rows an admin types in, or one row per running
 * job or instance) may be exempt whole; a big collection's query gets an index or a new shape.
 */
export const EXEMPT_COLLECTIONS: Record<string, string> = {
  platforms: 'reference rows an admin types in (a dozen platforms), read whole and cached',
  categories: 'reference rows an admin types in (tens of categories), read whole and cached',
  macrocategories: 'reference rows an admin types in (a few groups of categories)',
  home_content: 'one document per home page block, edited by hand',
  exchangeRates: 'one row per currency (three)',
  commissionRules: 'a handful of commission rules an admin types in, all read to pick the best',
  meta: 'a few named singleton documents (schema version, settings)',
  migrations: 'one row per migration, read whole at start',
  orderCounters: 'one counter row per year',
  instances: 'one row per live instance, forgotten after a few minutes',
  jobs: 'one row per named job',
  tags: 'a few hundred tags at most, read by id or whole (tags.repository.ts)',
  suppliers: 'one switch per supplier integration an admin turned off (a handful)',
  brands: 'reference rows an admin types in (a publisher each: hundreds at most), listed whole',
  search_synonyms: 'synonym rows an admin types in, read whole to build the search index',
  vat_rates: 'a rate row per Member State and change (tens), read whole and cached (modules/vat)',
};

/** Single query shapes let through, matched on the shape, each with its reason. */
export const EXEMPT_SHAPES: { reason: string; matches(shape: QueryShape): boolean }[] = [
  {
    reason:
      'catalogue search by words: a case-insensitive regex over product names scans every key; its replacement (a text or Atlas Search index) is an issue of its own',
    matches: (s) =>
      s.collection === 'products' &&
      [s.predicate, ...(s.predicate.or ?? [])].some((p) =>
        p.regex.some((f) => f === 'name.en' || f === 'name.it'),
      ),
  },
  {
    reason:
      "suppliers' mapping suggestions: the matcher compares every product's name in memory (products.identities); replacing it with a search index is the search issue's",
    matches: (s) =>
      s.collection === 'products' &&
      s.op === 'find' &&
      !s.predicate.eq.length &&
      !s.predicate.inMany.length &&
      !s.predicate.range.length &&
      !s.predicate.or &&
      !s.sort.length &&
      !s.limited,
  },
  {
    reason:
      "FOLLOW-UP: a seller's browse of a supplier's catalogue filtered by words, platform, region or stock walks the catalogue's name index and checks the filter on each product; an index per filter (or a search index) is left to the supplier catalogue's owner",
    matches: (s) =>
      s.collection === 'supplierProducts' &&
      ['platforms', 'region', 'quantity', 'normalisedName'].some((f) =>
        [...s.predicate.eq, ...s.predicate.range, ...s.predicate.regex].includes(f),
      ),
  },
  {
    reason:
      "FOLLOW-UP: the admin console's search by words in people (email, name, surname), shops (name, email, registered name, VAT number), mails and blocked values (within one kind) (recipient, subject) matches anywhere in the text with a regex, a scan of every key; an anchored prefix on a lower-cased key, or the search issue's index, would serve it",
    matches: (s) =>
      ['users', 'sellers', 'outbox', 'blocklist'].includes(s.collection) &&
      [s.predicate, ...(s.predicate.or ?? [])].some((p) =>
        p.regex.some((f) =>
          [
            'email',
            'name',
            'surname',
            'registrationName',
            'vatNumber',
            'to',
            'subject',
            'value',
          ].includes(f),
        ),
      ),
  },
  {
    reason:
      "the admin console's search for part of a coupon code: coupons are typed in by admins (hundreds), matched anywhere in the code",
    matches: (s) => s.collection === 'coupons' && s.predicate.regex.includes('codeKey'),
  },
];

/**
 * Code whose queries are let through wherever they go (a file on the query's async stack), with
 * the reason.
 */
export const EXEMPT_SOURCES: Record<string, string> = {
  'server/src/seed/demo-':
    'the demo seed: runs once on the offline database it fills, never in production',
  'server/src/db/migrations.ts':
    'migrations: one pass over a collection, once per deployment, before the instance serves',
};

/** Why `shape` (sent through the files `via`) is let through, or null when it must fit an index. */
export function exemption(shape: QueryShape, via: string[] = []): string | null {
  const collection = EXEMPT_COLLECTIONS[shape.collection];
  if (collection) return collection;
  const source = Object.entries(EXEMPT_SOURCES).find(([prefix]) =>
    via.some((file) => file.startsWith(prefix)),
  );
  if (source) return source[1];
  return EXEMPT_SHAPES.find((e) => e.matches(shape))?.reason ?? null;
}
