import type { CategoryId, Currency, Locale, Region } from '@market/shared';

/** What search knows of a product: its words, what the filters and orders read, what suggest shows. */
export type SearchEntry = {
  id: string;
  slug: string;
  name: Record<Locale, string>;
  /** Platform and brand words: a buyer may add them ("iron frontier steam"). */
  extra: string;
  categoryId: CategoryId;
  platform: string;
  region: Region;
  tags: string[];
  /** The lowest live price per currency (cents); null when nobody sells it (out of stock). */
  minPrice: Record<Currency, number | null>;
  createdAt: number;
  imageUrl: string | null;
  /**
   * Units of approved orders of the last 90 days and the approved reviews' average: relevance's
   * tie-breakers (`search-signals.ts`).
   */
  sales: number;
  rating: number;
};
