/** Lets shared caches keep a public page for a minute and serve it stale while revalidating. */
export function cachePublicly(headers: Headers): void {
  headers.set('Cache-Control', 'public, max-age=60, stale-while-revalidate=600');
  // The theme cookie changes the markup (`data-theme`), so a cached copy must not cross it.
  headers.set('Vary', 'Cookie');
}

/** Keeps a response out of every cache (error pages). */
export function cacheNever(headers: Headers): void {
  headers.set('Cache-Control', 'no-store');
}
