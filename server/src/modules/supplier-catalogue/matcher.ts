import type { Region, SupplierSuggestion } from '@market/shared';
import { normaliseName } from './normalise.ts';

/** A marketplace product as suggestions read it. */
export type Matchable = { id: string; name: string; platform: string; region: Region };

/** A supplier product as suggestions read it (see `platformCandidates` and `regionOf`). */
export type MatchQuery = {
  /** `normaliseName` of its name. */
  normalisedName: string;
  /** Marketplace platform slugs it may be, best first; empty when unknown. */
  platforms: readonly string[];
  region: Region | null;
};

/** Below this a name is too different to suggest, whatever the platform and region. */
const MIN_NAME_SCORE = 0.6;
const WEIGHTS = { name: 0.7, platform: 0.2, region: 0.1 };

const isNumber = (w: string) => /^\d+$/.test(w);

/**
 * How alike two normalised names are, 0–1: 1 when equal, else the share of words they have in
 * common (Dice), never above 0.9. Names whose numbers differ are different products (a sequel,
 * another face value, more devices): 0.
 */
export function nameScore(a: string, b: string): number {
  if (a === b) return a ? 1 : 0;
  const wa = new Set(a.split(' ').filter(Boolean));
  const wb = new Set(b.split(' ').filter(Boolean));
  const na = [...wa].filter(isNumber).sort().join(' ');
  const nb = [...wb].filter(isNumber).sort().join(' ');
  if (na !== nb || wa.size === 0 || wb.size === 0) return 0;
  const shared = [...wa].filter((w) => wb.has(w)).length;
  return ((2 * shared) / (wa.size + wb.size)) * 0.9;
}

/** 1 for the supplier's first platform, 0.8 for another it may be, 0.5 when unknown, else null. */
function platformScore(platforms: readonly string[], platform: string): number | null {
  if (platforms.length === 0) return 0.5;
  if (platforms[0] === platform) return 1;
  return platforms.includes(platform) ? 0.8 : null;
}

/**
 * 1 for the same region; a worldwide key also sells as a ROW product (0.7); a narrower key never
 * as a Global one (null); 0.5 when the supplier says no region.
 */
function regionScore(supplier: Region | null, product: Region): number | null {
  if (supplier === null) return 0.5;
  if (supplier === product) return 1;
  return supplier === 'Global' ? 0.7 : null;
}

/**
 * How well a marketplace product fits a supplier product, 0–1 (two decimals); null when it does
 * not: a name too different, another platform or a region the key cannot serve.
 */
export function matchScore(
  query: MatchQuery,
  product: Matchable & { normalisedName: string },
): number | null {
  const name = nameScore(query.normalisedName, product.normalisedName);
  if (name < MIN_NAME_SCORE) return null;
  const platform = platformScore(query.platforms, product.platform);
  const region = regionScore(query.region, product.region);
  if (platform === null || region === null) return null;
  const score = WEIGHTS.name * name + WEIGHTS.platform * platform + WEIGHTS.region * region;
  return Math.round(score * 100) / 100;
}

/**
 * The marketplace catalogue indexed for suggestions: names normalised once, products found by
 * the words they share with the query so a page of suggestions does not read every product.
 */
export function createMatcher(products: readonly Matchable[]) {
  const indexed = products.map((p) => ({ ...p, normalisedName: normaliseName(p.name) }));
  const byWord = new Map<string, number[]>();
  indexed.forEach((p, i) => {
    for (const w of new Set(p.normalisedName.split(' ').filter(Boolean))) {
      const list = byWord.get(w);
      if (list) list.push(i);
      else byWord.set(w, [i]);
    }
  });
  return {
    /** The best `limit` products for a supplier product, best first (ties by name). */
    suggest(query: MatchQuery, limit = 3): SupplierSuggestion[] {
      const seen = new Set<number>();
      for (const w of new Set(query.normalisedName.split(' ').filter(Boolean))) {
        for (const i of byWord.get(w) ?? []) seen.add(i);
      }
      const scored: SupplierSuggestion[] = [];
      for (const i of seen) {
        const p = indexed[i]!;
        const score = matchScore(query, p);
        if (score === null) continue;
        scored.push({
          productId: p.id,
          name: p.name,
          platform: p.platform,
          region: p.region,
          score,
        });
      }
      return scored
        .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
        .slice(0, limit);
    },
  };
}
export type Matcher = ReturnType<typeof createMatcher>;
