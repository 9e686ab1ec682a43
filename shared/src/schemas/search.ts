import { z } from 'zod';
import { CurrencySchema } from '../constants/currencies.ts';
import { LocaleSchema } from '../constants/locales.ts';

/** `GET /api/public/products/suggest`: what the header's search box offers as the buyer types. */
export const SuggestRequestSchema = z.object({
  q: z.string().trim().min(1).max(100),
  locale: LocaleSchema.default('en'),
  currency: CurrencySchema.default('eur'),
});
export type SuggestRequest = z.infer<typeof SuggestRequestSchema>;

export const SuggestResultSchema = z.object({
  /** Up to eight products, best match first. */
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** The product's page in the request's locale. */
      url: z.string(),
      /** The platform's id (`steam`, `ps5`…). */
      platform: z.string(),
      imageUrl: z.string().nullable(),
      /** The best live price in cents of the request's currency; null when nobody sells it. */
      priceCents: z.number().int().nullable(),
    }),
  ),
  /** Categories whose name starts with one of the typed words. */
  categories: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
});
export type SuggestResult = z.infer<typeof SuggestResultSchema>;

const phrase = z.string().trim().min(1).max(100);

/**
 * Admin resource `search-synonyms`: phrases buyers mean alike. A query holding any of them also
 * finds the products named by the others ("gta" finds "Grand Theft Auto V").
 */
export const SearchSynonymSchema = z.object({
  id: z.string(),
  term: z.string(),
  synonyms: z.array(z.string()),
  updatedAt: z.string(),
});
export type SearchSynonym = z.infer<typeof SearchSynonymSchema>;

export const SearchSynonymWriteSchema = z.object({
  term: phrase,
  synonyms: z.array(phrase).min(1).max(20),
});
export type SearchSynonymWrite = z.infer<typeof SearchSynonymWriteSchema>;
