/**
 * The header's suggestions, pure: the answer of `GET /api/public/products/suggest` read without
 * zod (the island must stay under 5 kB gzip; zod alone is ~26 kB), and the listbox's keyboard
 * moves.
 */

export type SuggestedProduct = {
  id: string;
  name: string;
  url: string;
  platform: string;
  imageUrl: string | null;
  priceCents: number | null;
};
export type SuggestedCategory = { id: string; name: string; url: string };
export type Suggestions = { products: SuggestedProduct[]; categories: SuggestedCategory[] };

/** Fewer letters than this ask nothing: too many products match one or two. */
export const SUGGEST_MIN_LENGTH = 2;
/** The most products shown (the eight). */
export const SUGGEST_MAX_PRODUCTS = 8;

const isString = (v: unknown): v is string => typeof v === 'string';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The answer's lists, dropping any item not of the contract's shape; null when it is none. */
export function readSuggestions(body: unknown): Suggestions | null {
  if (!isRecord(body) || !Array.isArray(body.products) || !Array.isArray(body.categories)) {
    return null;
  }
  const products: SuggestedProduct[] = [];
  for (const p of body.products as unknown[]) {
    if (!isRecord(p) || !isString(p.id) || !isString(p.name) || !isString(p.url)) continue;
    products.push({
      id: p.id,
      name: p.name,
      url: p.url,
      platform: isString(p.platform) ? p.platform : '',
      imageUrl: isString(p.imageUrl) && p.imageUrl ? p.imageUrl : null,
      priceCents: typeof p.priceCents === 'number' ? p.priceCents : null,
    });
  }
  const categories: SuggestedCategory[] = [];
  for (const c of body.categories as unknown[]) {
    if (isRecord(c) && isString(c.id) && isString(c.name) && isString(c.url)) {
      categories.push({ id: c.id, name: c.name, url: c.url });
    }
  }
  return { products: products.slice(0, SUGGEST_MAX_PRODUCTS), categories };
}

/**
 * The active option after a key: ArrowDown/ArrowUp move and wrap; -1 is none
 * (the text box itself). Other keys leave it.
 */
export function moveActive(active: number, count: number, key: string): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active + 1 >= count ? 0 : active + 1;
  if (key === 'ArrowUp') return active <= 0 ? count - 1 : active - 1;
  return active;
}

/** The suggest endpoint's path and query for what was typed (trimmed), in a locale and currency. */
export function suggestPath(q: string, locale: string, currency: string): string {
  const params = new URLSearchParams({ q: q.trim(), locale, currency });
  return `/api/public/products/suggest?${params.toString()}`;
}
