import { z } from 'zod';

/**
 * The sitemap calls: the storefront's `/sitemap.xml` is an index of child sitemaps, one of the
 * pages that always exist and one per page of products, each page at most `pageSize` products
 * (a product is one URL per locale; a child sitemap holds at most 50,000 URLs).
 */
export const SITEMAP_MAX_PAGE_SIZE = 25_000;

export const SitemapPageSizeSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(SITEMAP_MAX_PAGE_SIZE)
  .default(SITEMAP_MAX_PAGE_SIZE);

/** Query of `GET public/sitemap`. */
export const SitemapIndexRequestSchema = z.object({ pageSize: SitemapPageSizeSchema });

/** The product pages of the sitemap: each one's number and its newest product change. */
export const SitemapIndexSchema = z.object({
  pageSize: z.number().int().min(1),
  pages: z.array(z.object({ page: z.number().int().min(1), lastmod: z.string() })),
});
export type SitemapIndex = z.infer<typeof SitemapIndexSchema>;

/** Query of `GET public/sitemap/products`. */
export const SitemapProductsRequestSchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000),
  pageSize: SitemapPageSizeSchema,
});

/** One page of products for a child sitemap, oldest first (a page keeps its products). */
export const SitemapProductsSchema = z.object({
  items: z.array(z.object({ id: z.string(), slug: z.string(), lastmod: z.string() })),
});
export type SitemapProducts = z.infer<typeof SitemapProductsSchema>;
