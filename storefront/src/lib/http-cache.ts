/**
 * Lets browsers and shared caches keep a public page for a few seconds and serve it stale for a
 * little longer while revalidating (the server's page cache answers that with a 304 or the new
 * page). Short, because the server drops a page within a second of a write that changes it
 * (docs/page-cache.md): a longer max-age would show an old price for that long.
 */
export function cachePublicly(headers: Headers): void {
  // No `Vary: Cookie`: public pages are the same for everyone (the theme is applied in the
  // browser), so one cached copy serves every visitor.
  headers.set('Cache-Control', 'public, max-age=5, stale-while-revalidate=30');
}

/** Keeps a response out of every cache (error pages). */
export function cacheNever(headers: Headers): void {
  headers.set('Cache-Control', 'no-store');
}
