/** Lets shared caches keep a public page for a minute and serve it stale while revalidating. */
export function cachePublicly(headers: Headers): void {
  // No `Vary: Cookie`: public pages are the same for everyone (the theme is applied in the
  // browser), so one cached copy serves every visitor.
  headers.set('Cache-Control', 'public, max-age=60, stale-while-revalidate=600');
}

/** Keeps a response out of every cache (error pages). */
export function cacheNever(headers: Headers): void {
  headers.set('Cache-Control', 'no-store');
}
